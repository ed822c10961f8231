/**
 * Class mode on the local chat page, wired like src/main.ts with `MODO_CLASE=1` and no token: the
 * embedded Bot API with the teacher and two student personas, the real class bot opening one real
 * agent service per person, and invites made as page links.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAgentService } from '../../src/agent/service.js';
import { createBot, startBot, type CuadernoBot, type RunningBot } from '../../src/bot/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrateToClassLayout } from '../../src/store/users.js';
import { newWebchatToken, PAGE_STUDENTS, PAGE_TEACHER, pageInviteLink, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { TEST_ENV } from './test-env.js';

export interface LocalClass {
  tmp: string;
  config: Config;
  tg: EmbeddedTelegram;
  cb: CuadernoBot;
  running: RunningBot;
  close(): Promise<void>;
}

export async function startLocalClass(prefix: string): Promise<LocalClass> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), prefix));
  const token = newWebchatToken();
  const config = loadConfig({ ...TEST_ENV, CUADERNO_DATA_DIR: path.join(tmp, 'data'), CUADERNO_MODELO: 'local', MODO_CLASE: '1', CUADERNO_CLAVES_DIR: path.join(tmp, 'claves') });
  await migrateToClassLayout(config.dataDir, PAGE_TEACHER.id);
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(tmp, 'chat-files'), user: PAGE_TEACHER, personas: PAGE_STUDENTS });
  const cb = await createBot({
    config, token, apiRoot: tg.apiRoot, allowedUserIds: [PAGE_TEACHER.id],
    inviteLink: (code) => pageInviteLink(tg.apiRoot, code),
    openUser: async (userConfig) => {
      const service = await createAgentService({ config: userConfig });
      return { service, notebook: service.toolbox.notebook, durations: service.toolbox.durations };
    },
  });
  const running = await startBot(cb, config, { pollTimeoutS: 1, webhook: false });
  return {
    tmp, config, tg, cb, running,
    async close() {
      const open = await cb.class!.users.open();
      for (const p of open) p.runs.cancelAll();
      await Promise.all(open.map((p) => p.runs.idle()));
      await running.stop();
      await tg.close();
      await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
