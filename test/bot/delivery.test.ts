/** The texts delivery builds from an outcome: a question back vs a report, cancel lines, when the chart goes. */
import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../../src/agent/types.js';
import { createAgentService } from '../../src/agent/service.js';
import { answerText, ganttWorthSending, isAnswerOnly, reportText } from '../../src/bot/delivery.js';
import { configFor, recordingApprover, tempDir } from '../agent/helpers.js';

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

  it('carries a brief cost only when a real model spent tokens', () => {
    expect(answerText({ ...base, toolCalls: 0, usageEstimated: false })).toBe('¿Qué semana quieres preparar?\n\n(1587 tokens · 0,0058 USD)');
    expect(answerText({ ...base, toolCalls: 0, usageEstimated: true })).toBe('¿Qué semana quieres preparar?');
    expect(answerText({ ...base, toolCalls: 0, tokens: { input: 0, output: 0 }, costUsd: 0 })).toBe('¿Qué semana quieres preparar?');
  });
});

describe('a cancelled run', () => {
  const cancelled: RunOutcome = { ...base, stopReason: 'cancelado', report: 'Semana 2 · Python: notas revisadas 4.', toolCalls: 3 };

  it('lists what finished across restarts, not only this process’s stages', () => {
    expect(reportText({ ...cancelled, finished: ['Recuperar notas', 'Crear tarjetas'] })).toMatch(/^📋 Informe\n\nCancelado\. Ya estaba terminado: Recuperar notas, Crear tarjetas\.\n\nSemana 2/);
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

describe('the chart, sent unasked only when something was made', () => {
  it('a week that made its media gets the chart; the same week repeated (all cached) and a cancelled run do not', async () => {
    const tmp = await tempDir();
    try {
      const service = await createAgentService({ config: configFor(tmp.dir) });
      const approver = recordingApprover({ generar_portada: true, narrar_resumen: true });
      const first = await service.run({ runId: 'g1', text: 'prepare la semana 3', mode: 'agente', approver });
      expect(ganttWorthSending(first)).toBe(true);
      const repeat = await service.run({ runId: 'g2', text: 'prepare la semana 3', mode: 'agente', approver });
      expect(repeat.stopReason).toBe('end_turn');
      expect(repeat.taskEvents.length).toBeGreaterThan(0); // it did run (search, cards), just made nothing new
      expect(ganttWorthSending(repeat)).toBe(false);
      expect(ganttWorthSending({ ...first, stopReason: 'cancelado' })).toBe(false);
    } finally {
      await tmp.cleanup();
    }
  });
});
