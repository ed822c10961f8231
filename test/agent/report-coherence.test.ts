/**
 * The run's own account of itself (loop summary + five-line report), end to end through the real
 * agent service with the offline planner on a temp data dir: an approval that expired, one that was
 * cancelled and one rejected read differently; a cancelled agent run names the week, never the
 * planner's internal search terms; what finished is listed across a restart; a question back is
 * marked as such (no tool calls) and its tokens as estimated.
 */
import { weekQuery } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReport, type CallRecord } from '../../src/agent/report.js';
import { createAgentService } from '../../src/agent/service.js';
import { configFor, tempDir } from './helpers.js';
import { runAnswering, type Answer } from '../../src/agent/answering.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir(); });
afterEach(async () => { await tmp.cleanup(); });

const decide = (reason: 'rechazado' | 'expirado' | 'cancelado'): Answer => () => ({ approved: false, reason });

describe('why something was not done', () => {
  it.each([
    ['rechazado', /^Generar la portada de la semana 3: no lo aprobaste, así que no se hizo$/, /Portada y narración: no se hicieron — no aprobaste ninguna de las dos\./],
    ['expirado', /^Generar la portada de la semana 3: no respondiste a tiempo \(cuenta como un no\), así que no se hizo$/, /Portada y narración: no se hicieron — no respondiste a tiempo \(cuenta como un no\)\./],
    ['cancelado', /^Generar la portada de la semana 3: el trabajo se canceló antes de que decidieras, así que no se hizo$/, /Portada y narración: no se hicieron — el trabajo se canceló antes de que decidieras\./],
  ] as const)('an approval %s is said as such, in the list and once in the five lines', async (reason, line, five) => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, { runId: `r-${reason}`, text: 'prepare la semana 3', mode: 'agente' }, decide(reason));
    expect(out.notDone[0]).toMatch(line);
    expect(out.notDone).toHaveLength(2);
    expect(out.report).toMatch(five);
    // Each note's cards by their note (in the search's order): a week's three card calls never read alike.
    expect(out.finished).toEqual(['Recuperar notas', 'Crear tarjetas (nota 7)', 'Crear tarjetas (nota 9)', 'Crear tarjetas (nota 8)', 'Registrar uso']);
    // The same facts, typed, for the chat's final summary: each call's tool, kind and why not.
    expect(out.calls).toEqual([
      // The week's three notes are carded in one turn, one call each.
      { tool: 'buscar_notas', kind: 'ok' },
      { tool: 'crear_tarjetas', kind: 'ok' }, { tool: 'crear_tarjetas', kind: 'ok' }, { tool: 'crear_tarjetas', kind: 'ok' },
      { tool: 'generar_portada', kind: 'rechazado', notApproved: reason }, { tool: 'narrar_resumen', kind: 'rechazado', notApproved: reason },
      { tool: 'registrar_uso', kind: 'ok' },
    ]);
  });

});

describe('a cancelled agent run', () => {
  it('reports the week by its title, not the planner’s search terms, and says what had finished', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const controller = new AbortController();
    // The owner writes /cancelar while the cover waits: the run is paused on disk (the cards already
    // done), the cancellation is written as the answer, and the run resumes only to close. No race:
    // nothing runs while the question is open.
    const answers: Answer = () => {
      controller.abort();
      return { approved: false, reason: 'cancelado' };
    };
    const out = await runAnswering(service, { runId: 'cancel2', text: 'prepare la semana 2', mode: 'agente', signal: controller.signal }, answers);
    expect(out.stopReason).toBe('cancelado');
    const first = out.report.split('\n')[0]!;
    expect(first).toMatch(/^Semana 2 · Python: notas revisadas \d/);
    expect(out.report).not.toContain(weekQuery(DEMO_COURSE, 2));
    // The owner cancelled: the report is the program's, with no "the model gave none" preface.
    expect(out.report).not.toMatch(/el modelo no dio/);
    expect(out.report).toMatch(/Portada( y narración)?: no se hi(zo|cieron) — el trabajo se canceló/);
    expect(out.finished).toEqual(['Recuperar notas', 'Crear tarjetas (nota 4)', 'Crear tarjetas (nota 6)', 'Crear tarjetas (nota 5)']);
    expect(out.toolCalls).toBeGreaterThanOrEqual(4);
  });

  it('a single-note lookup still names what was searched', () => {
    const calls: CallRecord[] = [{ name: 'buscar_notas', input: { consulta: 'cubismo', k: 1 }, result: { kind: 'ok', data: [{ id: 9, similitud: 0.5 }] } }];
    expect(buildReport(calls, DEMO_COURSE).split('\n')[0]).toBe('Nota más parecida a «cubismo»: la 9.');
  });

  it('an approximate search (no exact word found) says so to the student', () => {
    const calls: CallRecord[] = [{ name: 'buscar_notas', input: { consulta: 'impresionistas', k: 1 }, result: { kind: 'ok', data: [{ id: 8, similitud: 0.31, aproximada: true }] } }];
    expect(buildReport(calls, DEMO_COURSE).split('\n')[0]).toBe(
      'Nota más parecida a «impresionistas»: la 8 (no encontré esas palabras exactas: se parecen sin tildes o por la raíz de las palabras).',
    );
  });

  it('a multi-note search in a run that made a week’s cover is that week’s notes', () => {
    const calls: CallRecord[] = [
      { name: 'buscar_notas', input: { consulta: 'pandas', k: 3 }, result: { kind: 'ok', data: [{ id: 4, similitud: 0.5 }, { id: 6, similitud: 0.2 }] } },
      { name: 'generar_portada', input: { semana: 2, maqueta: true }, result: { kind: 'rechazado', notApproved: { reason: 'rechazado' } } },
    ];
    expect(buildReport(calls, DEMO_COURSE).split('\n')[0]).toBe('Semana 2 · Python: notas revisadas 4, 6.');
  });
});

describe('what the run was', () => {
  it('a question back calls no tool and its tokens are the planner’s estimate', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, { runId: 'q', text: 'prepare la semana', mode: 'agente' }, decide('rechazado'));
    expect(out.stopReason).toBe('end_turn');
    expect(out.toolCalls).toBe(0);
    expect(out.finished).toEqual([]);
    expect(out.usageEstimated).toBe(true);
    expect(out.report).toMatch(/^¿Qué semana quieres preparar\?/);
  });

  it('a week counts its tool calls', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, { runId: 'w', text: '/semana 1', mode: 'semana', week: 1 }, decide('rechazado'));
    // search, one card call per note of the week (3), cover, narration, usage
    expect(out.toolCalls).toBe(7);
    expect(out.tokens).toEqual({ input: 0, output: 0 });
  });
});

describe('the same week prepared twice', () => {
  it('reuses the cards already in the deck and says so, instead of claiming new ones', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const first = await runAnswering(service, { runId: 'a', text: 'prepare la semana 3', mode: 'agente' }, decide('rechazado'));
    expect(first.report).toMatch(/Tarjetas: 3 nuevas \(números 1, 2, 3\)/);
    const second = await runAnswering(service, { runId: 'b', text: 'prepare la semana 3', mode: 'agente' }, decide('rechazado'));
    expect(second.report).toMatch(/Tarjetas: las 3 de las notas \d+, \d+ y \d+ ya estaban en el mazo \(números 1, 2, 3\); no se duplicaron\./);
    expect(await service.toolbox.notebook.cards.list()).toHaveLength(3);
  });
});
