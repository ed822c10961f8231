/**
 * The terminal answers through the chat's own driver (agent/answering.ts over agent/driver.ts): a run
 * it drives is open in the service's drivers while it runs — what the chat's status reads — each
 * approval is written by a `decide` letter, and the run is let go once it ends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAnswering } from '../../src/agent/answering.js';
import { createAgentService } from '../../src/agent/service.js';
import { configFor, recordingAnswers, tempDir } from './helpers.js';

describe('the terminal\'s driver', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    tmp = await tempDir();
  });
  afterEach(async () => tmp.cleanup());

  it('is the chat\'s: the run is open in the drivers while it runs, its approvals written through them, and let go at its end', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const seen = new Set<string>();
    const answers = recordingAnswers({ generar_portada: true, narrar_resumen: true });
    const out = await runAnswering(service, {
      runId: 'terminal', text: '', mode: 'semana', week: 2,
      onEvent: (e) => { if (e.type === 'herramienta') seen.add(service.drivers.status('terminal')?.kind ?? 'ninguno'); },
    }, answers);
    expect(out.stopReason).toBe('end_turn');
    expect([...seen]).toEqual(['running']);
    expect(out.artifacts).toHaveLength(2);
    expect(service.drivers.status('terminal')).toBeUndefined();
    // Each approval asked once, however many passes the letters woke.
    expect(answers.asked.map((a) => a.tool).sort()).toEqual(['generar_portada', 'narrar_resumen']);
  });
});
