/**
 * A turn's calls run as ONE graph on the executor (issue 23, item 4): the lanes serve the turn's
 * critical path first, whichever call handed its stages in first; a call that runs no stages (a
 * stored result, a no) is skipped without a trace; a gated stage holds no slot while it waits.
 */
import { describe, expect, it } from 'vitest';
import { createRunStageRunner, type PlannedCall } from '../../src/scheduler/turn.js';
import type { TaskEvent } from '../../src/scheduler/events.js';
import type { Lane, StageSpec, StageTask } from '../../src/tools/contract.js';

const spec = (id: string, lane: Lane, estimateMs: number, deps: string[] = []): StageSpec => ({ id, name: id, label: id, lane, estimateMs, deps });
const task = (s: StageSpec, ran: string[]): StageTask => ({ ...s, input: {}, key: s.id, run: async () => { ran.push(s.id); return s.id; } });

// Call A: a GPU stage with a short remaining path, and two small CPU stages (so, within its own
// graph, the GPU stage ranks first). Call B: a short GPU stage before a long CPU one — the turn's
// critical path. One GPU slot.
const A: PlannedCall = { id: 'A', stages: [spec('a.gpu', 'gpu', 10), spec('a.x', 'cpu', 1), spec('a.y', 'cpu', 1)] };
const B: PlannedCall = { id: 'B', stages: [spec('b.gpu', 'gpu', 1), spec('b.cpu', 'cpu', 100, ['b.gpu'])] };

describe('one graph per turn', () => {
  it('the single GPU goes to the stage on the turn’s critical path, though the other call handed in first', async () => {
    const events: TaskEvent[] = [];
    const ran: string[] = [];
    const runner = createRunStageRunner({ lanes: { cpu: 4, gpu: 1 }, retry: false, onEvent: (e) => events.push(e) });
    const graph = runner.turn([A, B]);
    const signal = new AbortController().signal;
    const a = graph.forCall('A')(A.stages.map((s) => task(s, ran)), signal);
    const b = graph.forCall('B')(B.stages.map((s) => task(s, ran)), signal);
    expect(await a).toEqual({ 'a.gpu': 'a.gpu', 'a.x': 'a.x', 'a.y': 'a.y' });
    expect(await b).toEqual({ 'b.gpu': 'b.gpu', 'b.cpu': 'b.cpu' });
    await graph.close();
    const gpuStarts = events.filter((e) => e.type === 'started' && e.lane === 'gpu').map((e) => e.taskId);
    expect(gpuStarts).toEqual(['b.gpu', 'a.gpu']);
    expect(ran.indexOf('b.cpu')).toBeGreaterThan(ran.indexOf('b.gpu'));
  });

  it('a call that ends without handing in its stages is skipped: no events, no slot, the turn closes', async () => {
    const events: TaskEvent[] = [];
    const ran: string[] = [];
    const runner = createRunStageRunner({ lanes: { cpu: 1, gpu: 1 }, retry: false, onEvent: (e) => events.push(e) });
    const graph = runner.turn([A, B]);
    graph.end('A'); // e.g. its result was already stored, or the owner said no
    expect(await graph.forCall('B')(B.stages.map((s) => task(s, ran)), new AbortController().signal)).toEqual({ 'b.gpu': 'b.gpu', 'b.cpu': 'b.cpu' });
    await graph.close();
    expect(ran).toEqual(['b.gpu', 'b.cpu']);
    expect(events.some((e) => e.taskId.startsWith('a.'))).toBe(false);
  });

  it('stages the turn did not plan run on their own graph on the same lanes; a failing stage rejects its call only', async () => {
    const runner = createRunStageRunner({ lanes: { cpu: 2, gpu: 1 }, retry: false });
    const graph = runner.turn([B]);
    const boom: StageTask = { ...spec('z.one', 'cpu', 1), input: {}, key: 'z', run: async () => { throw new Error('roto'); } };
    await expect(graph.forCall('Z')([boom], new AbortController().signal)).rejects.toThrow('roto');
    const ran: string[] = [];
    const failing = B.stages.map((s) => (s.id === 'b.gpu' ? { ...task(s, ran), run: async () => { throw new Error('sin GPU'); } } : task(s, ran)));
    await expect(graph.forCall('B')(failing, new AbortController().signal)).rejects.toThrow('sin GPU');
    await graph.close();
    expect(ran).toEqual([]); // b.cpu was cancelled with its failed dependency
  });
});
