/**
 * Issue 22, hole 1, in real Chromium: the printed address (`/?clave=…`) opens the chat, leaves an
 * HttpOnly SameSite=Strict cookie named after the port and takes the secret out of the address
 * bar; a browser without it gets the short Spanish page, not the chat.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';

describe.skipIf(skipBrowserTests())('the page secret in Chromium', () => {
  let tmp: string;
  let tg: EmbeddedTelegram;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-clave-browser-'));
    tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: newWebchatToken(), filesDir: path.join(tmp, 'files') });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await tg?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('without the secret the browser gets the short page; the printed address opens the chat and leaves the address bar clean', async () => {
    const { page, context } = browser;
    const refused = await page.goto(`${tg.apiRoot}/`);
    expect(refused?.status()).toBe(401);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/abre la dirección completa que apareció donde arrancaste el bot/);
    expect(await page.locator('#text').count()).toBe(0);

    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    expect(page.url()).toBe(`${tg.apiRoot}/`);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const port = new URL(tg.apiRoot).port;
    const cookies = await context.cookies(tg.apiRoot);
    expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite }))).toEqual([{ name: `cuaderno_clave_${port}`, httpOnly: true, sameSite: 'Strict' }]);

    // The chat works: a message typed on the page reaches the server.
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('hola');
    await box.press('Enter');
    await page.locator('.msg.out', { hasText: 'hola' }).waitFor();
    expect(tg.server.history().at(-1)?.text).toBe('hola');

    // Later visits to the bare address from this browser just work.
    await page.goto(`${tg.apiRoot}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.locator('.msg.out', { hasText: 'hola' }).waitFor();
  });
});
