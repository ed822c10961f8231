/**
 * Issue 23: the seeded property over runs in one chat. Random interleavings of new requests, taps on
 * any button ever shown (stale ones too), replies, /cancelar and restarts that drop every in-memory
 * object — two or three runs per case, the whole stack in this process (embedded Bot API, bot, agent,
 * tools, worker pool). The oracle reads the audit log, the journals, the runs' checkpoints, the bot's
 * state file and every request the Bot API received (test/support/runs-property.ts). The four files
 * `runs-property*.e2e.test.ts` are the same property under four seeds (500 cases in all, split so
 * two run side by side). A failure prints the seed, the path and the shrunk commands; replay it with
 * `PROP_SEED=<seed> PROP_PATH=<path> npx vitest run <this file>`.
 */
import { describe, it } from 'vitest';
import { checkRunsProperty } from '../support/runs-property.js';

describe('runs in one chat, interleaved at random (seed 232026)', () => {
  it('no effect twice, no question twice, no outcome twice, no run lost, every tap answered', () => checkRunsProperty(232_026), 900_000);
});
