import { describe, expect, it } from 'vitest';
import type { CuadernoError } from '../../src/errors.js';
import { createVirtualClock } from '../../src/scheduler/clock.js';
import { analyze, buildGraph, levelGroups, lowerBound, type TaskNode } from '../../src/scheduler/dag.js';
import { executeGraph } from '../../src/scheduler/executor.js';
import { randomLayeredDag, seededRandom } from '../../src/scheduler/random.js';
import { listSchedule } from '../../src/scheduler/schedule.js';
import { weekTasks } from '../../src/scheduler/week.js';
import { checkRun } from './invariants.js';

const ids = (g: ReturnType<typeof buildGraph>, xs: Iterable<number>): string[] => [...xs].map((v) => g.ids[v]!);

describe('the week of docs/design.md §5', () => {
  const g = buildGraph(weekTasks());
  const a = analyze(g);

  it('Kahn order, levels, slack and critical path match the reference', () => {
    expect(ids(g, a.order)).toEqual(['T1', 'T2', 'T3', 'T4', 'T6', 'T5', 'T7']);
    expect(levelGroups(g, a)).toEqual([['T1'], ['T2', 'T3', 'T4'], ['T6', 'T5'], ['T7']]);
    const slack = Object.fromEntries(g.ids.map((id, v) => [id, a.slack[v]]));
    expect(slack).toEqual({ T1: 0, T2: 14, T3: 0, T4: 5, T5: 5, T6: 0, T7: 0 });
    expect(ids(g, a.criticalPath)).toEqual(['T1', 'T3', 'T6', 'T7']);
    expect([a.makespan, a.sequential, a.byLevels]).toEqual([23, 44, 24]);
    expect(ids(g, a.order).map((id) => a.upwardRank[g.index.get(id)!])).toEqual([23, 8, 22, 17, 17, 14, 2]);
  });

  it('one GPU lane makes it 33 s; CPU engines bring it back to 23 s', () => {
    expect(listSchedule(g, { cpu: Infinity, gpu: 1 }).makespan).toBe(33);
    expect(listSchedule(g, { cpu: Infinity, gpu: 2 }).makespan).toBe(23);
    const cpu = buildGraph(weekTasks({ image: 'maqueta', speech: 'juguete' }));
    expect(cpu.lanes.every((l) => l === 'cpu')).toBe(true);
    expect(listSchedule(cpu, { cpu: Infinity, gpu: 1 }).makespan).toBe(23);
  });
});

describe('graph validation', () => {
  const t = (id: string, deps: string[] = [], duration = 1): TaskNode => ({ id, duration, deps });

  it('names the tasks of a cycle (never hangs)', () => {
    const g = buildGraph([t('A'), t('B', ['A', 'D']), t('C', ['B']), t('D', ['C']), t('E', ['D'])]);
    const err = (() => {
      try {
        analyze(g);
      } catch (e) {
        return e as CuadernoError;
      }
      throw new Error('no cycle reported');
    })();
    expect(err.code).toBe('CYCLE');
    expect([...(err.details.cycle as string[])].sort()).toEqual(['B', 'C', 'D']);
    expect(err.message).toMatch(/ciclo: (B|C|D) → .* → \1/);
    expect(() => analyze(buildGraph([t('A', ['A'])]))).toThrow(/A → A/);
  });

  it.each([
    [[t('A'), t('A')], /duplicado: A/],
    [[t('A', ['Z'])], /no existe: "Z"/],
    [[t('A', [], -1)], /mayor o igual que 0/],
    [[{ id: 'A', duration: Number.NaN, deps: [] }], /mayor o igual que 0/],
    [[t('A'), t('B', ['A', 'A'])], /repite la dependencia A/],
    [[{ id: 'A', duration: 1, deps: [], lane: 'tpu' as never }], /Carril desconocido/],
  ])('refuses a bad graph %#', (tasks, message) => {
    expect(() => buildGraph(tasks as TaskNode[])).toThrow(message);
  });
});

describe('schedules on random graphs', () => {
  const rand = seededRandom(7);
  const graphs = Array.from({ length: 60 }, (_, i) =>
    randomLayeredDag(rand, { tasks: 20 + (i % 30), layers: 3 + (i % 6), avgDeps: 2, maxDuration: 9 }),
  );

  it('list schedules respect deps and capacity and stay within (2 − 1/m) × lower bound', () => {
    for (const m of [1, 2, 3, 4]) {
      for (const tasks of graphs) {
        const g = buildGraph(tasks);
        const a = analyze(g);
        for (const pick of ['critical-path', 'upward-rank', 'fifo'] as const) {
          const s = listSchedule(g, { cpu: m, gpu: 1 }, pick, a);
          let early = 0;
          for (let v = 0; v < g.n; v++) {
            for (let q = g.predStart[v]!; q < g.predStart[v + 1]!; q++) if (s.start[v]! < s.finish[g.pred[q]!]!) early++;
          }
          expect(early).toBe(0);
          // Capacity: sweep starts/ends; ends first at equal instants (a slot freed is reusable at once).
          const points: Array<[number, number]> = [...[...s.start].map((t): [number, number] => [t, 1]), ...[...s.finish].map((t): [number, number] => [t, -1])];
          points.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
          let busy = 0;
          let peak = 0;
          for (const [, d] of points) peak = Math.max(peak, (busy += d));
          expect(peak).toBeLessThanOrEqual(m);
          const lb = lowerBound(g, { cpu: m, gpu: 1 }, a);
          expect(s.makespan).toBeGreaterThanOrEqual(lb - 1e-9);
          expect(s.makespan).toBeLessThanOrEqual((2 - 1 / m) * lb + 1e-9);
        }
      }
    }
  });

  it('the real executor on a simulated clock: same invariants, same makespan as the list schedule', async () => {
    for (const [i, tasks] of graphs.slice(0, 25).entries()) {
      const m = 1 + (i % 3);
      const clock = createVirtualClock();
      const report = await executeGraph(
        tasks.map((t) => ({ ...t, estimateMs: t.duration * 1000, run: (signal: AbortSignal) => clock.sleep(t.duration * 1000, signal) })),
        { lanes: { cpu: m, gpu: 1 }, clock, retry: false },
      );
      expect(report.ok).toBe(true);
      checkRun(report.events, new Map(tasks.map((t) => [t.id, t.deps])), { cpu: m, gpu: 1 });
      const g = buildGraph(tasks);
      const lb = lowerBound(g, { cpu: m, gpu: 1 }) * 1000;
      expect(report.makespanMs).toBeGreaterThanOrEqual(lb - 1e-6);
      expect(report.makespanMs).toBeLessThanOrEqual((2 - 1 / m) * lb + 1e-6);
      expect(report.makespanMs).toBe(listSchedule(g, { cpu: m, gpu: 1 }).makespan * 1000);
      expect(clock.pending()).toBe(0);
    }
  });
});
