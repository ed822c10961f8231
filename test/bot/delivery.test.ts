/** The texts delivery builds from an outcome: a question back vs the closing message, cancel lines, a repeat. */
import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../../src/agent/types.js';
import { createAgentService } from '../../src/agent/service.js';
import path from 'node:path';
import { Api } from 'grammy';
import { answerText, CHART_OFFER_MAX_ROWS, chartEvents, deliverOutcome, isAnswerOnly, reportText } from '../../src/bot/delivery.js';
import { newWebchatToken, startEmbeddedTelegram } from '../../src/webchat/index.js';
import { configFor, recordingAnswers, tempDir } from '../agent/helpers.js';
import { runAnswering } from '../../src/agent/answering.js';

const TOKEN = newWebchatToken();

const base: RunOutcome = {
  runId: 'r', stopReason: 'end_turn', iterations: 1, tokens: { input: 1500, output: 87 }, costUsd: 0.0058,
  report: '¿Qué semana quieres preparar?', artifacts: [], notDone: [], taskEvents: [],
};

describe('a question back', () => {
  it('is recognised by its zero tool calls, or without the count by nothing done or refused', () => {
    expect(isAnswerOnly({ ...base, toolCalls: 0 })).toBe(true);
    expect(isAnswerOnly({ ...base, toolCalls: 2 })).toBe(false);
    expect(isAnswerOnly(base)).toBe(true);
    expect(isAnswerOnly({ ...base, notDone: ['Generar la portada: no aprobado'] })).toBe(false);
    expect(isAnswerOnly({ ...base, toolCalls: 0, stopReason: 'max_tokens' })).toBe(false);
  });

  it('carries a brief cost, in money only, when a real model was paid', () => {
    expect(answerText({ ...base, toolCalls: 0, usageEstimated: false })).toBe('¿Qué semana quieres preparar?\n\n(esta pregunta ha costado 0,0058 USD)');
    expect(answerText({ ...base, toolCalls: 0, usageEstimated: true })).toBe('¿Qué semana quieres preparar?');
    expect(answerText({ ...base, toolCalls: 0, tokens: { input: 0, output: 0 }, costUsd: 0 })).toBe('¿Qué semana quieres preparar?');
  });
});

describe('a cancelled run', () => {
  const cancelled: RunOutcome = { ...base, stopReason: 'cancelado', report: 'Semana 2 · Python: notas revisadas 4.', toolCalls: 3 };

  it('lists what finished across restarts, not only this process’s stages', () => {
    expect(reportText({ ...cancelled, finished: ['Recuperar notas', 'Crear tarjetas'] })).toMatch(/^📋 Informe\n\nCancelado\. Ya estaba terminado: Recuperar notas, Crear tarjetas\.\n\n💵/);
    expect(reportText({ ...cancelled, finished: [] })).toMatch(/Cancelado\. No había terminado ninguna tarea\./);
    const ev = [{ type: 'finished', t: 5, taskId: 'busqueda#1', label: 'Recuperar notas', lane: 'cpu' }] as const;
    expect(reportText({ ...cancelled, taskEvents: [...ev] })).toMatch(/Ya estaba terminado: Recuperar notas\./);
  });

  it('lists the things made for the owner, never the inner stages (issue 28: «Marca de agua, Codificar el episodio»)', () => {
    const text = reportText({
      ...cancelled,
      finished: ['Recuperar notas', 'Guion', 'Marca de agua', 'Codificar el episodio'],
      calls: [{ tool: 'buscar_notas', kind: 'ok' }, { tool: 'narrar_resumen', kind: 'ok' }, { tool: 'generar_portada', kind: 'rechazado', notApproved: 'cancelado' }, { tool: 'registrar_uso', kind: 'ok' }],
    });
    expect(text).toMatch(/Cancelado\. Ya estaba terminado: Búsqueda en tus notas, Narración\./);
    expect(text).not.toMatch(/Marca de agua|Codificar|Guion/);
  });
});

describe('the closing message of a week and of its repeat (real agent, offline planner)', () => {
  it('says what was made, the time at work and one cost line marked as an estimate; the repeat says nothing new was made', async () => {
    const tmp = await tempDir();
    try {
      const service = await createAgentService({ config: configFor(tmp.dir) });
      const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
      const first = await runAnswering(service, { runId: 'g1', text: 'prepare la semana 3', mode: 'agente' }, answers);
      const text = reportText(first, { workMs: 12_400, waited: true });
      // Only what was made, one line each; the notes looked at and the bookkeeping are left out.
      expect(text).toMatch(/^📋 Informe\n\n✅ Tarjetas de repaso: \d+ nuevas?\n✅ Portada\n✅ Narración\n\n/);
      expect(text).not.toMatch(/Búsqueda|notas revisadas|Uso:/);
      expect(text).toMatch(/\n\n⏱ 12 s de trabajo \(sin contar lo que esperé tus respuestas\)\n💵 Coste de este trabajo: 0,00 USD \(estimación: sin conexión no se cobra nada\)\.$/);
      expect(text).not.toMatch(/tokens/);
      expect(text.match(/💵/g)).toHaveLength(1);
      const repeat = await runAnswering(service, { runId: 'g2', text: 'prepare la semana 3', mode: 'agente' }, answers);
      const again = reportText(repeat, { workMs: 900, waited: false });
      expect(again).toMatch(/^📋 Informe\n\n↩️ Tarjetas de repaso: ya las tenías; no las he duplicado\n↩️ Portada: ya la tenías; no la he vuelto a hacer\n↩️ Narración: ya la tenías; no la he vuelto a hacer\n\n/);
      expect(again).not.toMatch(/✅/);
    } finally {
      await tmp.cleanup();
    }
  });
});

describe('the chart offered under the closing message', () => {
  /** The closing message's buttons for a run with these stages, as the embedded Bot API keeps them. */
  async function closingButtons(stages: readonly string[]): Promise<string[]> {
    const tmp = await tempDir();
    const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp.dir, 'chat') });
    try {
      const taskEvents = stages.flatMap((id, i) => [
        { type: 'started' as const, t: i * 10, taskId: `${id}#${i}@1`, label: id, lane: 'cpu' as const, attempt: 1 },
        { type: 'finished' as const, t: i * 10 + 5, taskId: `${id}#${i}@1`, label: id, lane: 'cpu' as const },
      ]);
      const outcome: RunOutcome = { ...base, report: 'hecho', toolCalls: stages.length, taskEvents, calls: [{ tool: 'crear_tarjetas', kind: 'ok' }] };
      const api = new Api(TOKEN, { apiRoot: tg.apiRoot });
      await deliverOutcome({ api, media: { renderGantt: () => Buffer.alloc(0) }, log: () => undefined }, tg.server.chatId, outcome);
      const last = tg.server.history().at(-1)!;
      return (last.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
    } finally {
      await tg.close();
      await tmp.cleanup();
    }
  }

  it('a chart a phone can read is offered; one of more rows than that is not (it stays on /cronograma)', async () => {
    const week = ['notas.busqueda', 'tarjetas.crear', 'tarjetas.crear', 'uso.registro'];
    expect(await closingButtons(week)).toEqual(['📊 Cronograma']);
    const long = ['notas.busqueda', ...Array.from({ length: CHART_OFFER_MAX_ROWS }, () => 'tarjetas.crear'), 'uso.registro'];
    expect(await closingButtons(long)).toEqual([]);
  });

  it('the bookkeeping («Registrar uso») is no row of it', () => {
    const ev = (id: string, i: number) => ({ type: 'finished' as const, t: i, taskId: `${id}#${i}@1`, label: id, lane: 'cpu' as const });
    expect(chartEvents([ev('notas.busqueda', 1), ev('uso.registro', 2)]).map((e) => e.taskId)).toEqual(['notas.busqueda#1@1']);
  });
});
