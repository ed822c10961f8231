/**
 * The QA case in real headless Chromium: the bot asks for approval, then the bot and the embedded
 * server stop (Ctrl+C) before the owner taps. A new server on the same port and filesDir, with a
 * new bot process: the open page reconnects by itself, shows the old approval, and tapping Aprobar
 * on it reaches the new bot, which edits that same message.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { createEchoBot } from './echo-bot.js';

const TOKEN = '5550010:restart-test';

interface Running { tg: EmbeddedTelegram; bot: Bot; polling: Promise<void> }

describe.skipIf(skipBrowserTests())('chat page across a server restart', () => {
  let tmp: string;
  let browser: LaunchedBrowser;
  let running: Running | undefined;

  async function startAll(port: number): Promise<Running> {
    const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port, token: TOKEN, filesDir: path.join(tmp, 'files') });
    const bot = createEchoBot(TOKEN, tg.apiRoot);
    return { tg, bot, polling: bot.start() };
  }

  async function stopAll(r: Running): Promise<void> {
    await r.bot.stop();
    await r.polling;
    await r.tg.close();
  }

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-restart-'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (running) await stopAll(running);
    await rm(tmp, { recursive: true, force: true });
  });

  it('the reconnected page shows the old approval and its Aprobar reaches the new bot', async () => {
    running = await startAll(0);
    const port = Number(new URL(running.tg.chatUrl).port);
    const { page } = browser;
    await page.goto(running.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('prepare la semana 3');
    await box.press('Enter');
    const approve = page.getByRole('button', { name: '✅ Aprobar' });
    await approve.waitFor();
    const id = await page.locator('.msg.in', { has: approve }).getAttribute('id');

    // Ctrl+C: bot and server go away; the page notices and keeps retrying.
    await stopAll(running);
    running = undefined;
    await page.getByText('sin conexión, reintentando…').waitFor();

    // Start again on the same port: the page's own EventSource retry brings the snapshot back.
    running = await startAll(port);
    await page.getByText('bot · en línea').waitFor({ timeout: 15_000 });
    const old = page.locator(`#${id}`);
    await old.getByRole('button', { name: '✅ Aprobar' }).waitFor();
    await expect.poll(() => page.locator('.msg.out', { hasText: 'prepare la semana 3' }).count()).toBe(1);

    await old.getByRole('button', { name: '✅ Aprobar' }).click();
    await old.filter({ hasText: '✅ Aprobado por Estudiante' }).waitFor();
    expect(await old.getByRole('button').count()).toBe(0);
    const query = await running.tg.server.waitForRequest('answerCallbackQuery', (r) => r.ok);
    expect(query.params.text).toBe('Aprobado');
    await browser.page.screenshot({ path: path.join(tmp, 'tras-reinicio.png') });
  });
});
