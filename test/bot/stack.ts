/**
 * Builds the whole chat stack for an end-to-end test: the emulator + stand-in, a temp data dir,
 * the real notebook, a RunService, and our bot talking HTTP to the stand-in with long polling.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import type { RunService } from '../../src/bot/runs.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openNotebook } from '../../src/store/index.js';
import type { Notebook } from '../../src/store/types.js';
import { TelegramHarness } from '../support/telegram.js';
import { TEST_ENV } from '../support/test-env.js';

export const OWNER = 101;
export const OWNER2 = 202;
export const STRANGER = 999;

export interface Stack {
  tmp: string;
  config: Config;
  h: TelegramHarness;
  notebook: Notebook;
  cb: CuadernoBot;
  running: RunningBot;
  logs: string[];
  /** Stops the bot (not the emulator) and starts a fresh one on the same data dir and emulator. */
  restart(service: RunService): Promise<void>;
  close(): Promise<void>;
}

/** 2030-01-01 06:00 UTC: before any reminder hour the tests set, on a day they never use. */
const PINNED_CLOCK = new Date('2030-01-01T06:00:00Z');

/** `runClock`: the runs' ms clock (elapsed and work time), for a test that stands for a long wait. */
export async function startStack(makeService: (config: Config) => RunService | Promise<RunService>, env: Record<string, string> = {}, opts: { runClock?: () => number } = {}): Promise<Stack> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-bot-'));
  const h = await TelegramHarness.start(path.join(tmp, 'uploads'));
  const config = loadConfig({
    ...TEST_ENV,
    CUADERNO_DATA_DIR: path.join(tmp, 'data'),
    TELEGRAM_BOT_TOKEN: h.token,
    ALLOWED_USER_IDS: `${OWNER},${OWNER2}`,
    CUADERNO_MODELO: 'local',
    ...env,
  });
  // The bot's notebook is a second handle on the same files the agent's toolbox uses (both are
  // safe to share: writes are atomic and serialised per file).
  const notebook = await openNotebook(config.dataDir);
  const logs: string[] = [];
  const boot = async (service: RunService) => {
    const cb = await createBot({
      config, service, notebook, apiRoot: h.apiRoot,
      ...(opts.runClock ? { runClock: opts.runClock } : {}),
      // The reminder's own ticks read a pinned clock (a day with nothing due before its hour), never
      // the real time of day: tests drive it with `reminders.tick(date)`.
      clock: () => PINNED_CLOCK,
      log: (m, e) => { logs.push(`${m}: ${e instanceof Error ? e.message : String(e ?? '')}`); },
    });
    const running = await startBot(cb, config, { pollTimeoutS: 1, webhook: false });
    return { cb, running };
  };
  const first = await boot(await makeService(config));
  const stack: Stack = {
    tmp, config, h, notebook, logs, ...first,
    async restart(service) {
      // An in-process restart cannot kill the old bot: its passes would go on writing the same run
      // files beside the new service's (two writers). They are let reach a pause first — a paused
      // run holds nothing; kills mid-pass are the process tests' (test/main, test/replay).
      await stack.cb.runs.idle();
      await stack.running.stop();
      const next = await boot(service);
      stack.cb = next.cb;
      stack.running = next.running;
    },
    async close() {
      // A failed test may leave a run writing into the temp dir: cancel it (bounded wait) first.
      stack.cb.runs.cancelAll();
      await Promise.race([stack.cb.runs.idle(), new Promise((r) => setTimeout(r, 10_000))]);
      await stack.running.stop();
      await h.close();
      await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  return stack;
}
