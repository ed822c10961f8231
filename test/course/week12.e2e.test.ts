/**
 * «prepara la semana 12» in the local chat of a student whose course has 14 weeks (issue 24 "Done
 * means"): the real bot over the emulator, the real agent with the offline planner, the real tools —
 * the run is week 12's, with week 12's notes, its cover and narration titled with the week.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { OWNER, startStack, type Stack } from '../bot/stack.js';
import { answerUntilReport, real } from '../bot/steps.js';
import { BIOLOGIA, cli } from './helpers.js';
import { deckFileCards } from '../support/deck-file.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const WEEK12 = [
  'En la mitosis la célula reparte una copia de cada cromosoma a cada una de las dos células hijas.',
  'La profase condensa los cromosomas y la metafase los alinea en el ecuador del huso mitótico.',
  'En la anafase las cromátidas hermanas se separan hacia los polos opuestos del huso.',
  // Shares no word with the week's title: the week's search alone would never find it.
  'Los centriolos duplicados organizan los microtúbulos que después tiran de las cromátidas.',
];
// Another week's note that talks about mitosis: the search finds it, but it is not week 12's.
const WEEK13 = 'La meiosis, a diferencia de la mitosis, reduce a la mitad el número de cromosomas.';

describe('a 14-week course in the chat', () => {
  it('«prepara la semana 12» runs week 12 with its notes', async () => {
    const ids: number[] = [];
    let other = 0;
    stack = await startStack(async (config) => {
      expect(await cli(config.dataDir, ['curso', 'importar', BIOLOGIA])).toMatchObject({ code: 0 });
      const nb = await openNotebook(config.dataDir);
      for (const t of WEEK12) ids.push((await nb.notes.add('biología', t, 12)).id);
      other = (await nb.notes.add('biología', WEEK13, 13)).id;
      return real(config);
    });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 12');
    const { report, approvals } = await answerUntilReport(owner, () => 'Aprobar');
    expect(approvals.length).toBeGreaterThanOrEqual(2);
    for (const a of approvals) expect(a.text).toContain('Semana 12 (mitosis)');
    expect(report.text).toMatch(/^📋 Informe · «prepara la semana 12»\n\n✅ Tarjetas de repaso: \d+ nuevas?\n✅ Portada\n✅ Narración\n/);
    // The narration was written from week 12's notes, all of them and only them.
    const side = JSON.parse(await readFile(path.join(stack.config.dataDir, 'audio', 'semana_12.json'), 'utf8')) as { salida: { data: { guion: string; titulo: string } } };
    expect(side.salida.data.titulo).toBe('Semana 12 · Mitosis');
    // The episode may open a sentence with «Por último,»: its first letter is then lower-case.
    for (const t of WEEK12) expect(side.salida.data.guion.toLocaleLowerCase('es')).toContain(t.slice(0, 40).toLocaleLowerCase('es'));
    expect(side.salida.data.guion).not.toMatch(/media|desviación/);
    // Cards asked of every note filed under week 12 — the one without a shared word too — and of
    // none of week 13's (the audit names each call's note). A note that states no key idea gets no
    // card (cards/build.ts, `sin_ideas`): the week's cards come from week 12's notes only.
    const audit = (await readFile(path.join(stack.config.dataDir, 'auditoria.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { tool?: string; args?: { id_nota?: number } });
    const asked = new Set(audit.filter((e) => e.tool === 'crear_tarjetas').map((e) => e.args?.id_nota));
    for (const id of ids) expect(asked.has(id), `nota ${id}`).toBe(true);
    expect(asked.has(other)).toBe(false);
    const cards = deckFileCards<{ id_nota: number }>(JSON.parse(await readFile(path.join(stack.config.dataDir, 'tarjetas.json'), 'utf8')));
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(ids, `la tarjeta de la nota ${c.id_nota}`).toContain(c.id_nota);
    const captions = stack.h.uploads.filter((u) => u.chatId === OWNER).map((u) => String(u.fields.caption ?? u.fields.title ?? ''));
    expect(captions.some((c) => /Semana 12 · Mitosis/.test(c))).toBe(true);
  }, 120_000);
});
