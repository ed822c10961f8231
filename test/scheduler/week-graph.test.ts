/**
 * The week the chart, `plan`, `simular` and the benchmark draw (scheduler/week.ts `weekTasks`) is the
 * graph the live run builds, not a second description of it: its turns are the ones the deterministic
 * week makes, and its tasks' order is read off those turns' stage graphs (turn.ts `turnNodes`, the
 * stage catalogue). docs/design.md §5's figure is what comes out.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAnswering } from '../../src/agent/answering.js';
import { createAgentService } from '../../src/agent/service.js';
import { weekTasks, WEEK_TURNS } from '../../src/scheduler/week.js';
import { configFor, recordingAnswers, tempDir } from '../agent/helpers.js';

describe('the week\'s graph', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    tmp = await tempDir();
  });
  afterEach(async () => tmp.cleanup());

  it('has the turns the live run makes: the search, then cards, cover and narration at once, then the usage row', async () => {
    const service = await createAgentService({ config: configFor(tmp.dir) });
    const out = await runAnswering(service, { runId: 'grafo', text: '', mode: 'semana', week: 2 }, recordingAnswers({ generar_portada: true, narrar_resumen: true }));
    expect(out.stopReason).toBe('end_turn');
    const run = JSON.parse(await readFile(path.join(tmp.dir, 'runs', 'grafo', 'run.json'), 'utf8')) as { messages: Array<{ role: string; content: unknown }> };
    const turns = run.messages
      .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
      .map((m) => (m.content as Array<{ type: string; name?: string }>).filter((b) => b.type === 'tool_use').map((b) => b.name!))
      .filter((names) => names.length > 0);
    // The cards are one call per note found: the kinds of call per turn, in order.
    const kinds = (t: readonly string[]) => [...new Set(t)].sort();
    expect(turns.map(kinds)).toEqual(WEEK_TURNS.map(kinds));
  });

  it('orders its seven tasks as docs/design.md §5 draws them, read off those turns', () => {
    expect(Object.fromEntries(weekTasks().map((t) => [t.id, t.deps]))).toEqual({
      T1: [], T2: ['T1'], T3: ['T1'], T4: ['T1'], T5: ['T4'], T6: ['T3'], T7: ['T2', 'T5', 'T6'],
    });
  });
});
