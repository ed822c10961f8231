/**
 * A run's write is on the hot path of a class (300 runs, each writing at every point of its loop):
 * through run.json's format and its adapter (store/document.ts) a write still costs one deep copy
 * of the run and one serialization — the adapter adds none (issue 47, item 1). Counted on the JSON
 * built-ins the copy and the file's text go through, not timed.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunStore, runDir } from '../../src/agent/run-state.js';
import { tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/run-state/', import.meta.url));

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => { tmp = await tempDir('cv-run-copies-'); });
afterEach(async () => {
  vi.restoreAllMocks();
  await tmp.cleanup();
});

/**
 * Counts, from now on, the whole run parsed or structured-cloned (a deep copy, or a read) and the
 * whole run stringified (a copy or the file's text).
 */
function countWholeRun(): { parsed: () => number; stringified: () => number } {
  const parse = JSON.parse.bind(JSON);
  const stringify = JSON.stringify.bind(JSON);
  const structured = globalThis.structuredClone.bind(globalThis);
  let parsed = 0;
  let stringified = 0;
  const whole = (v: unknown) => typeof v === 'object' && v !== null && 'journal' in v && 'task' in v;
  vi.spyOn(JSON, 'parse').mockImplementation((text, reviver) => {
    const v = parse(text, reviver) as unknown;
    if (whole(v)) parsed += 1;
    return v;
  });
  vi.spyOn(globalThis, 'structuredClone').mockImplementation(((v: unknown, opts?: StructuredSerializeOptions) => {
    if (whole(v)) parsed += 1;
    return structured(v, opts);
  }) as typeof structuredClone);
  vi.spyOn(JSON, 'stringify').mockImplementation(((v: unknown, replacer?: never, space?: string | number) => {
    if (whole(v)) stringified += 1;
    return stringify(v, replacer, space);
  }) as typeof JSON.stringify);
  return { parsed: () => parsed, stringified: () => stringified };
}

describe('a run’s write, counted', () => {
  it('one change: one deep copy, one serialization; a batch of three: one copy each besides the batch’s own', async () => {
    await cp(path.join(FIXTURES, 'v4', 'pausada'), runDir(tmp.dir, 'pausada'), { recursive: true });
    const store = new RunStore(tmp.dir, 'pausada');
    await store.load();
    let count = countWholeRun();
    await store.markStarted([{ id: 'toolu_uno', name: 'buscar_notas' }]);
    // The copy (a JSON round trip: one stringify, one parse) and the file's text (one stringify).
    expect({ writes: store.writes, parsed: count.parsed(), stringified: count.stringified() }).toEqual({ writes: 1, parsed: 1, stringified: 2 });
    vi.restoreAllMocks();
    count = countWholeRun();
    await Promise.all(['a', 'b', 'c'].map((id) => store.markStarted([{ id: `toolu_${id}`, name: 'buscar_notas' }])));
    // One write: the batch's copy, one for each of its changes (a change that throws leaves the others' state), the text.
    expect({ writes: store.writes, parsed: count.parsed(), stringified: count.stringified() }).toEqual({ writes: 2, parsed: 4, stringified: 5 });
  });
});
