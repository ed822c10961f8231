/**
 * Issue 23: the seeded property over runs in one chat. Random interleavings of new requests, taps on
 * any button ever shown (stale ones too), replies, /cancelar and restarts that drop every in-memory
 * object — two or three runs per case, the whole stack in this process (embedded Bot API, bot, agent,
 * tools, worker pool). The oracle reads the audit log, the journals, the runs' checkpoints, the bot's
 * state file and every request the Bot API received (test/support/runs-property.ts).
 * A failure prints the seed, the path and the shrunk command sequence: replay it with
 * `fc.assert(…, { seed, path })`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commands, playCase } from '../support/runs-property.js';

const SEED = Number(process.env.PROP_SEED ?? 23_2026);
const RUNS = Number(process.env.PROP_RUNS ?? 20);
/** Replays one case of a failure report (`path` as fast-check printed it). */
const PATH = process.env.PROP_PATH;

describe('runs in one chat, interleaved at random', () => {
  it('no effect twice, no question twice, no outcome twice, no run lost, every tap answered', async () => {
    await fc.assert(fc.asyncProperty(commands, async (cmds) => {
      expect(await playCase(cmds)).toEqual([]);
    }), { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}) });
  }, 600_000);
});
