/**
 * `npm start` with `REDIS_URL` (issue 15), the real process against an embedded Telegram: the week's
 * GPU stages go to the shared queue under the owner's id (a fixed owner id outside class mode, from
 * main), `/estado` shows the place in the queue while no worker is running, and once a
 * `npm run trabajador` process starts the week completes — cover and episode in the chat, and every
 * job removed from Redis after the bot stored its output.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { queueName } from '../../src/lanes/redis.js';
import { DEFAULT_WEBCHAT_USER } from '../../src/webchat/index.js';
import { deletePrefix, SHARED_REDIS_URL, spawnNode, testPrefix } from '../lanes/support.js';
import { startImageServer, startSpeechServer } from '../support/media-servers.js';
import { WEBCHAT_TOKEN, cleanupAfterEach, isApproval, approveData, waitForMessage, until, startPolling, tempDir, startTelegram } from './chat-harness.js';
import { compiled } from '../support/compiled.js';

cleanupAfterEach();

describe('npm start with REDIS_URL', () => {
  it('queues the GPU stages under the owner, /estado shows the place, a worker process finishes the week', async () => {
    const tmp = await tempDir('cv-main-redis-');
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'consentimiento.json'), JSON.stringify({ titular: 'Ana Pérez', alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2099-12-31', voz: 'ana' }));
    const t = await startTelegram(tmp);
    const images = await startImageServer('ok');
    const speech = await startSpeechServer('ok');
    const prefix = testPrefix();
    const connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(queueName('gpu'), { connection, prefix });
    const worker: { kill?: () => Promise<void> } = {};
    try {
      // A cover side other than the probe's 256², so the cover's request is told apart from the probe's.
      const media = { FLUX_URL: images.url, XTTS_URL: speech.url, REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix, PORTADA_PX: '512' };
      const bot = await startPolling(t, { TELEGRAM_BOT_TOKEN: WEBCHAT_TOKEN, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: dataDir, ...media });
      t.server.sendUserText('prepara la semana 2 con flux, narrada con mi voz');
      for (const what of [/portada/, /narra/]) {
        const ask = await waitForMessage(t, `approval ${what}`, (ms) => ms.find((m) => isApproval(m) && what.test(m.text ?? '') && approveData(m) !== ''), bot);
        t.server.pressButton(ask.message_id, approveData(ask));
        await waitForMessage(t, `approval ${what} answered`, (ms) => ms.find((m) => m.message_id === ask.message_id && /Aprobado/.test(m.text ?? '')), bot);
      }
      // No worker yet: the cover's GPU stage waits in the queue, under the owner's id. (The
      // narration's joins it when its approval reached the running pass in time, or after the cover.)
      await until('a GPU job to be queued', async () => (await queue.getJobs(['prioritized', 'waiting'])).length >= 1).catch((e: Error) => {
        throw new Error(`${e.message}; chat:\n${t.server.history().map((m) => m.text ?? m.caption ?? '').join('\n')}\nstdout:\n${bot.stdout()}\nstderr:\n${bot.stderr()}`);
      });
      const ids = (await queue.getJobs(['prioritized', 'waiting'])).map((j) => j.id!).sort();
      expect(ids.every((id) => id.startsWith(`${DEFAULT_WEBCHAT_USER.id}-portada-`) || id.startsWith(`${DEFAULT_WEBCHAT_USER.id}-narracion-`)), ids.join()).toBe(true);

      t.server.sendUserText('/estado');
      await waitForMessage(t, '/estado with the queue position', (ms) => ms.find((m) => /posición 1 · ~\d+ min/.test(m.text ?? '')), bot);

      const w = spawnNode([compiled('trabajador'), '--carril', 'gpu', '--nombre', 'gpu-main'], { REDIS_URL: SHARED_REDIS_URL, CUADERNO_COLA_PREFIJO: prefix, FLUX_URL: images.url, XTTS_URL: speech.url });
      worker.kill = w.kill;
      const report = await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')), bot);
      expect(report.text).not.toMatch(/No se hizo/);
      const chat = t.server.history();
      expect(chat.some((m) => m.photo && /Semana 2/.test(m.caption ?? ''))).toBe(true);
      expect(chat.filter((m) => m.audio)).toHaveLength(1);
      expect(w.out().match(/"type":"finished"/g)).toHaveLength(2);
      // One cover drawn, at the side asked for (the start-up probe asks for a 256² image besides).
      expect(images.requests.filter((r) => (r.body as { size?: string }).size === '512x512')).toHaveLength(1);
      await until('the jobs to be released', async () => (await queue.getJobCounts('completed')).completed === 0);
      expect(await queue.getJobCounts('completed', 'failed', 'waiting', 'prioritized', 'active')).toEqual({ completed: 0, failed: 0, waiting: 0, prioritized: 0, active: 0 });
    } finally {
      await worker.kill?.();
      await queue.close();
      connection.disconnect();
      await deletePrefix(SHARED_REDIS_URL, prefix);
      await images.close();
      await speech.close();
    }
  }, 180_000);
});
