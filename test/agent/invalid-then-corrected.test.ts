/**
 * Issue 23: a model that first proposes an invalid call (`semana: 9`, refused by the schema) and then
 * the corrected one. The report must be built from calls whose input passed validation: on 26bbfae
 * it read the refused call's week and crashed (`Cannot read properties of undefined (reading
 * 'charAt')` in weekTitle ← buildReport) as soon as the corrected call paused for its approval.
 * Through the terminal (`preparar`) and through the chat, with a scripted model.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, script, toolTurn } from '../hardening/support.js';
import { answerUntilReport, real } from '../bot/steps.js';
import { OWNER, startStack, type Stack } from '../bot/stack.js';

/** Invalid week, then the corrected call, then a last turn with no text (so the report is built). */
const turns = [
  toolTurn('t1', 'generar_portada', { semana: 9, maqueta: true }),
  toolTurn('t2', 'generar_portada', { semana: 3, maqueta: true }),
  { stop_reason: 'end_turn', content: [], usage: { input_tokens: 10, output_tokens: 10 } },
];

let dir: string | undefined;
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('an invalid call corrected by the model', () => {
  it('the terminal: exit 0, the cover of week 3 made and reported, the refusal named', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-corrected-'));
    const model = await script(dir, 'corregida', turns);
    const r = await cli(['preparar', 'prepare la semana 3'], { CUADERNO_DATA_DIR: path.join(dir, 'data'), CUADERNO_MODELO: model }, 's\n');
    expect(r.stderr).not.toMatch(/charAt|TypeError/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/semana=9 fuera de/);
    expect(r.stdout).toMatch(/Semana 3 · Historia del arte/);
    expect(r.stdout).toMatch(/Portada: hecha/);
  });

  it('the chat: one approval for the corrected call, then a report about week 3', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cv-corrected-'));
    const model = await script(dir, 'corregida', turns);
    stack = await startStack(real, { CUADERNO_MODELO: model });
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 3');
    const { report, approvals } = await answerUntilReport(owner, () => 'Aprobar');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.text).toMatch(/semana 3/i);
    // The closing message says what was made; the cover it points at is week 3's (its caption).
    expect(report.text).toMatch(/✅ Portada/);
    const captions = stack.h.uploads.filter((u) => u.chatId === OWNER).map((u) => String(u.fields.caption ?? ''));
    expect(captions.some((c) => /Semana 3 · Historia del arte/.test(c)), captions.join(' | ')).toBe(true);
    expect(stack.logs.join('\n')).not.toMatch(/charAt|TypeError/);
  });
});
