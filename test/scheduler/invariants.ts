// Checks a recorded run against the hard invariants: dependencies respected, lane capacities never
// exceeded. Uses the events' emission order (causal), not their timestamps.
import type { TaskEvent } from '../../src/scheduler/events.js';
import type { Lane } from '../../src/tools/contract.js';

export interface Span {
  start: number;
  end: number;
}

export function checkRun(
  events: readonly TaskEvent[],
  deps: ReadonlyMap<string, readonly string[]>,
  lanes: Readonly<Record<Lane, number>>,
): { spans: Map<string, Span>; maxRunning: Record<Lane, number> } {
  const finishedAt = new Map<string, number>(); // index in events
  const running: Record<Lane, Set<string>> = { cpu: new Set(), gpu: new Set() };
  const maxRunning: Record<Lane, number> = { cpu: 0, gpu: 0 };
  const spans = new Map<string, Span>();
  events.forEach((e, i) => {
    if (e.type === 'started' && e.attempt === 1) {
      for (const d of deps.get(e.taskId) ?? []) {
        if (!finishedAt.has(d)) throw new Error(`${e.taskId} started (event ${i}) before its dependency ${d} finished`);
      }
      running[e.lane].add(e.taskId);
      maxRunning[e.lane] = Math.max(maxRunning[e.lane], running[e.lane].size);
      if (running[e.lane].size > lanes[e.lane]) throw new Error(`lane ${e.lane} ran ${running[e.lane].size} tasks at once (capacity ${lanes[e.lane]})`);
      spans.set(e.taskId, { start: e.t, end: NaN });
    } else if (e.type === 'finished' || e.type === 'failed' || e.type === 'cancelled') {
      if (e.type === 'finished') finishedAt.set(e.taskId, i);
      if (running[e.lane].delete(e.taskId)) spans.get(e.taskId)!.end = e.t;
    }
  });
  return { spans, maxRunning };
}
