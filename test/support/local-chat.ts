/**
 * The product as `npm start` runs it without a token, for browser tests: the embedded Bot API +
 * chat page, the real bot and the real agent (offline planner) on a temp data dir. `close()` stops
 * all of it and removes the temp dir.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CreateBotOptions, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig } from '../../src/config.js';
import type { Notebook } from '../../src/store/index.js';
import { startEmbeddedTelegram, newWebchatToken, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { TEST_ENV } from './test-env.js';

/** The embedded server's token in these tests (random, as each installation's is). */
const WEBCHAT_TOKEN = newWebchatToken();

export interface LocalChat {
  dataDir: string;
  /** The embedded Bot API's token (what the bot uses). */
  token: string;
  tg: EmbeddedTelegram;
  notebook: Notebook;
  cb: CuadernoBot;
  running: RunningBot;
  /** Stops the bot and starts a new one on the same data dir and chat server (a bot restart), with `env` added to its settings. */
  restartBot(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Stops an in-process bot so that nothing of it writes any more: its runs in progress are cancelled
 * and awaited (each has ended or paused), then it stops receiving. Only then may a test remove the
 * data dir — a run still writing there fails the removal with ENOTEMPTY.
 */
export async function stopBotAndRuns(cb: CuadernoBot, running: RunningBot): Promise<void> {
  cb.runs.cancelAll();
  await cb.runs.idle();
  await running.stop();
  await cb.runs.idle();
}

/**
 * @param pollTimeoutS the bot's long-poll timeout (default 1 s: quick to stop).
 * @param env more settings (e.g. `CUADERNO_MODELO: 'script:FILE'` for a scripted model, `TRANSCRIPCION_URL`).
 */
export async function startLocalChat(prefix: string, pollTimeoutS = 1, env: Record<string, string> = {}, extra: Pick<CreateBotOptions, 'transcriber' | 'voiceWatchMs'> = {}): Promise<LocalChat> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(tmp, 'data');
  let config = loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: dataDir, CUADERNO_MODELO: 'local', ...env });
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: WEBCHAT_TOKEN, filesDir: path.join(tmp, 'chat-files') });
  // Wired like src/main.ts: the bot reads the same notebook the agent's tools write.
  const boot = async () => {
    const service = await createAgentService({ config });
    const notebook = service.toolbox.notebook;
    const cb = await createBot({ config, service, notebook, token: WEBCHAT_TOKEN, apiRoot: tg.apiRoot, allowedUserIds: [tg.server.chatId], statusEditIntervalMs: 0, browserZone: (id) => tg.server.timeZoneOf(id), ...extra });
    return { notebook, cb, running: await startBot(cb, config, { pollTimeoutS, webhook: false }) };
  };
  const first = await boot();
  const chat: LocalChat = {
    dataDir,
    token: WEBCHAT_TOKEN,
    tg,
    ...first,
    async restartBot(more?: Record<string, string>) {
      await chat.running.stop();
      await chat.cb.runs.idle();
      if (more) config = loadConfig({ ...TEST_ENV, ...env, ...more, CUADERNO_DATA_DIR: dataDir, CUADERNO_MODELO: 'local' });
      Object.assign(chat, await boot());
    },
    async close() {
      await stopBotAndRuns(chat.cb, chat.running);
      await tg.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
  return chat;
}
