/**
 * A week of the student's own course with no notes yet (only week 1 has any): the offline planner
 * says so before anything is proposed — no search, no approval, no card made from another week's
 * note that shares the week's words — a cover asked for alone still goes ahead, and a model that
 * asks for the narration anyway gets its reason without the owner being asked. Through the real
 * agent service on a temp data folder, and the planner's pure choice of the week's cards.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { needsNotes, type PlanIntent } from '../../src/agent/intent.js';
import { mainCalls } from '../../src/agent/model/local.js';
import { callRecord } from '../../src/agent/report.js';
import { createAgentService } from '../../src/agent/service.js';
import { runAnswering } from '../../src/agent/answering.js';
import { S } from '../../src/strings/chat.js';
import { ScriptedModel } from '../../src/agent/model/scripted.js';
import { BIOLOGY, WEEK_1_NOTES, WEEK_2_TITLE } from '../support/empty-week-course.js';
import { configFor, recordingAnswers, tempDir } from './helpers.js';

const WEEK_2 = (actions: PlanIntent['actions']): PlanIntent => ({ kind: 'plan', week: 2, actions, maqueta: true, motor: 'juguete' });
const ALL = { tarjetas: true, portada: true, narracion: true };

describe('what of a week needs its notes', () => {
  it('cards and narration do; a cover does not', () => {
    expect(needsNotes(ALL)).toEqual(['tarjetas', 'narracion']);
    expect(needsNotes({ tarjetas: false, portada: true, narracion: true })).toEqual(['narracion']);
    expect(needsNotes({ tarjetas: false, portada: true, narracion: false })).toEqual([]);
  });

  it('the cards of a week come only from its own notes, whatever the search found', () => {
    // The week's search found note 2, of week 1 (it shares the words «ADN», «gen», «herencia»).
    const search = callRecord('buscar_notas', { consulta: 'genética ADN gen herencia', k: 3 }, { kind: 'ok', data: [{ id: 2, tema: 'núcleo', similitud: 0.41, texto: '…' }] });
    const cards = (filed: readonly number[] | undefined) => mainCalls(WEEK_2(ALL), [search], filed).filter((c) => c.name === 'crear_tarjetas');
    expect(cards([])).toEqual([]);
    expect(cards([5, 6]).map((c) => c.input.id_nota)).toEqual([5, 6]);
    // Only a planner that cannot read the week's notes falls back on the search.
    expect(cards(undefined).map((c) => c.input.id_nota)).toEqual([2]);
  });
});

describe('a week with no notes yet, through the agent service', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    tmp = await tempDir('cv-empty-week-');
    await writeFile(path.join(tmp.dir, 'notas.json'), JSON.stringify({ version: 2, notas: WEEK_1_NOTES }));
  });
  afterEach(async () => tmp.cleanup());

  const service = async () => {
    const s = await createAgentService({ config: configFor(tmp.dir) });
    await s.toolbox.notebook.course.write(BIOLOGY);
    return s;
  };

  it.each([
    ['prepara la semana 2', ['tarjetas', 'narracion'] as const, 'palabras' as const],
    ['y la semana 2?', ['tarjetas', 'narracion'] as const, 'palabras' as const],
    ['narra la semana 2', ['narracion'] as const, undefined],
  ])('«%s» is answered in words: nothing searched, asked, made or audited', async (text, missing, cover) => {
    const s = await service();
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const calls: string[] = [];
    const out = await runAnswering(s, { runId: 'vacia', text, mode: 'agente', onEvent: (e) => e.type === 'herramienta' && calls.push(e.call.name) }, answers);
    expect(out.stopReason).toBe('end_turn');
    expect(out.report).toBe(S.emptyWeek(2, WEEK_2_TITLE, missing, cover));
    expect(calls).toEqual([]);
    expect(answers.asked).toEqual([]);
    expect(await s.toolbox.notebook.cards.list()).toEqual([]);
    expect(await s.toolbox.notebook.audit.list()).toEqual([]);
  });

  it('the deterministic week (/semana) stops the same way, at zero tokens', async () => {
    const s = await service();
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const out = await runAnswering(s, { runId: 'vacia-wf', text: '', mode: 'semana', week: 2 }, answers);
    expect(out.report).toBe(S.emptyWeek(2, WEEK_2_TITLE, ['tarjetas', 'narracion'], 'palabras'));
    expect(out.tokens).toEqual({ input: 0, output: 0 });
    expect(answers.asked).toEqual([]);
    expect(await s.toolbox.notebook.cards.list()).toEqual([]);
  });
  it('a cover asked for alone still goes ahead, saying it is drawn from the week’s title alone', async () => {
    const s = await service();
    const answers = recordingAnswers({ generar_portada: true });
    const out = await runAnswering(s, { runId: 'vacia-portada', text: 'haz la portada de la semana 2', mode: 'agente' }, answers);
    expect(answers.asked.map((a) => a.tool)).toEqual(['generar_portada']);
    expect(answers.asked[0]!.proposal.preview).toMatchObject({ notes: 0, summary: expect.stringMatching(/solo con el título de la semana: todavía no tiene notas/) });
    expect(out.artifacts.map((a) => a.kind)).toEqual(['imagen']);
  });

  it('a model that asks for the narration anyway is not put to the owner: the call ends saying why', async () => {
    const s = await createAgentService({
      config: configFor(tmp.dir),
      createModel: async () => new ScriptedModel([
        { stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_n2', name: 'narrar_resumen', input: { semana: 2, motor: 'juguete' } }] },
        { stop_reason: 'end_turn', content: [{ type: 'text', text: 'Hecho.' }] },
      ]),
    });
    await s.toolbox.notebook.course.write(BIOLOGY);
    const answers = recordingAnswers({ narrar_resumen: true });
    const out = await runAnswering(s, { runId: 'vacia-modelo', text: 'narra la semana 2', mode: 'agente' }, answers);
    expect(answers.asked).toEqual([]);
    expect(out.calls).toEqual([{ tool: 'narrar_resumen', kind: 'error' }]);
    expect(out.notDone).toEqual([expect.stringMatching(/^Narrar el resumen de la semana 2: .*No hay notas de la semana 2/)]);
    expect(out.artifacts).toEqual([]);
    // With notes, the same call is put to the owner as always.
    expect((await s.toolbox.proposal({ id: 'n1', name: 'narrar_resumen', input: { semana: 1, motor: 'juguete' } }))?.preview.notes).toBe(2);
  });
});
