/**
 * The whole chat stack in class mode (`MODO_CLASE=1`): the emulator + stand-in, a temp data dir
 * migrated the way main.ts does it, and our bot opening one real agent service and notebook per
 * person under `usuarios/<id>/`. `before` may fill the data dir first (a single-owner install).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrateToClassLayout, userDataDir } from '../../src/store/users.js';
import { TelegramHarness } from '../support/telegram.js';
import { TEST_ENV } from '../support/test-env.js';

export const TEACHER = 50;

export interface ClassStack {
  tmp: string;
  config: Config;
  h: TelegramHarness;
  cb: CuadernoBot;
  running: RunningBot;
  logs: string[];
  dirOf(userId: number): string;
  /** Stops the bot (not the emulator) and starts a fresh one on the same data dir and emulator. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startClassStack(opts: { before?: (dataDir: string) => Promise<void>; env?: Record<string, string> } = {}): Promise<ClassStack> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-clase-'));
  const h = await TelegramHarness.start(path.join(tmp, 'uploads'));
  const config = loadConfig({
    ...TEST_ENV,
    CUADERNO_DATA_DIR: path.join(tmp, 'data'),
    TELEGRAM_BOT_TOKEN: h.token,
    ALLOWED_USER_IDS: String(TEACHER),
    CUADERNO_MODELO: 'local',
    MODO_CLASE: '1',
    ...opts.env,
  });
  await opts.before?.(config.dataDir);
  await migrateToClassLayout(config.dataDir, TEACHER);
  const logs: string[] = [];
  const boot = async () => {
    const cb = await createBot({
      config,
      apiRoot: h.apiRoot,
      openUser: async (userConfig) => {
        const service = await createAgentService({ config: userConfig });
        return { service, notebook: service.toolbox.notebook, durations: service.toolbox.durations };
      },
      log: (m, e) => { logs.push(`${m}: ${e instanceof Error ? e.message : String(e ?? '')}`); },
    });
    return { cb, running: await startBot(cb, config, { pollTimeoutS: 1, webhook: false }) };
  };
  const stack: ClassStack = {
    tmp, config, h, logs, ...(await boot()),
    dirOf: (id) => userDataDir(config.dataDir, id),
    async restart() {
      // An in-process restart cannot kill the old bot: its passes would go on writing the same run
      // files beside the new one (two writers, the stale one's whole-file writes winning). They are
      // let reach a pause first — a paused run holds nothing; kills mid-pass are the process tests'.
      await Promise.all((await stack.cb.class!.users.open()).map((p) => p.runs.idle()));
      await stack.running.stop();
      Object.assign(stack, await boot());
    },
    async close() {
      // A failed test may leave runs writing into the temp dir: cancel them (bounded wait) first.
      const open = await stack.cb.class!.users.open();
      for (const p of open) p.runs.cancelAll();
      await Promise.race([Promise.all(open.map((p) => p.runs.idle())), new Promise((r) => setTimeout(r, 10_000))]);
      await stack.running.stop();
      await h.close();
      await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  return stack;
}

/** The teacher asks for an invite (`/invitar`, or `/invitar revocar` style variants); returns the link's code and bot. */
export async function invite(s: ClassStack): Promise<{ code: string; bot: string }> {
  const teacher = s.h.client({ userId: TEACHER, firstName: 'Profe' });
  const before = (await teacher.messages()).length;
  await teacher.say('/invitar');
  const m = await teacher.waitFor('the invite link', (msgs) => msgs.slice(before).find((x) => /t\.me\//.test(x.text)));
  const link = /https:\/\/t\.me\/(\w+)\?start=([\w-]+)/.exec(m.text)!;
  return { bot: link[1]!, code: link[2]! };
}
