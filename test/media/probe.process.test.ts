// The start-up probe as the operator sees it: `npm start` (node dist/main.js) with a wrong FLUX_URL
// starts anyway and prints one plain line saying the GPU image is unavailable and what to check.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER, newWebchatToken, startEmbeddedTelegram } from '../../src/webchat/index.js';
import { startBotProcess } from '../main/bot-process.js';
import { startSpeechStandIn } from './engine-standins.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('main.ts probes each configured server at start-up: the bot starts anyway and prints the one line', async () => {
  // A server without the images route: what a FLUX_URL pointing at another service looks like.
  const wrong = await startSpeechStandIn({ formats: ['wav'], rate: 24_000 });
  cleanups.push(() => wrong.close());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-probe-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const token = newWebchatToken();
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token, filesDir: path.join(dir, 'telegram') });
  cleanups.push(() => t.close());
  const bot = startBotProcess({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: t.apiRoot, ALLOWED_USER_IDS: String(DEFAULT_WEBCHAT_USER.id), CUADERNO_DATA_DIR: path.join(dir, 'data'), FLUX_URL: wrong.url });
  cleanups.push(async () => {
    bot.killGroup();
    await bot.exited;
  });

  const out = await bot.waitForStdout(/La imagen con la tarjeta gráfica no está disponible[^\n]*\n/, 60_000);
  expect(out).toMatch(/escuchando en Telegram/);
  const line = out.split('\n').find((l) => l.startsWith('La imagen con la tarjeta gráfica'));
  expect(line).toBe(
    `La imagen con la tarjeta gráfica no está disponible: el servidor ${wrong.url} contesta, pero no tiene la ruta de la API compatible con OpenAI en esa dirección (HTTP 404). ` +
    'Revisa FLUX_URL y el servidor; mientras tanto las portadas se dibujan en el ordenador.',
  );
  expect(wrong.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/images/generations' })]);
  expect(bot.running()).toBe(true);
}, 90_000);
