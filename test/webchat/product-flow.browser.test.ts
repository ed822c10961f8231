/**
 * The product as a newcomer sees it with `npm start` and no token: the real bot (src/bot) and the
 * real agent with the offline planner (src/agent) behind the embedded Bot API, driven from the chat
 * page in headless Chromium. "prepara la semana 3" → Aprobar the cover: it shows inline while the
 * narration's question is still open (the status says what waits for you); Rechazar the narration →
 * the report says the narration was not done; asked again with both
 * approved, the episode plays. Screenshots go to docs/img when SCREENSHOTS=1.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shotsDir = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : undefined;
/** Media is made on the CPU (cover mock-up, espeak-ng narration): give the run room on 2 cores. */
const RUN_TIMEOUT_MS = 120_000;

describe.skipIf(skipBrowserTests())('product flow in the local chat', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-product-');
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  /** Scrolls the first element matching `selector` into view, lets toasts fade, and saves a screenshot. */
  async function screenshotAt(page: Page, selector: string, block: 'start' | 'center', file: string): Promise<void> {
    await page.locator(selector).first().evaluate((el, b) => el.closest('.msg')?.scrollIntoView({ block: b }), block);
    await page.locator('#toast').waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(shotsDir as string, file) });
  }

  const approvalCard = (page: Page, what: RegExp): Locator =>
    page.locator('.msg.in', { hasText: /Necesito tu permiso/ }).filter({ hasText: what }).filter({ has: page.getByRole('button') }).last();

  it('cover approved, narration rejected: cover inline, report says the narration was not done', async () => {
    const { page } = browser;
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('prepara la semana 3');
    await box.press('Enter');

    // The planner asks one permission at a time: the cover first, then the narration.
    const cover = approvalCard(page, /portada/);
    await cover.waitFor({ timeout: RUN_TIMEOUT_MS });
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'chat-permiso-portada.png') });
    await cover.getByRole('button', { name: '✅ Aprobar' }).click();
    const narration = approvalCard(page, /narr/i);
    await narration.waitFor({ timeout: RUN_TIMEOUT_MS });
    // Delivered when it exists: the cover shows while the narration's question is still open, and
    // the status names that wait apart from the work, with how long it will take once answered.
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.photo img')).some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: RUN_TIMEOUT_MS });
    const status = page.locator('.msg.in', { hasText: /espera tu respuesta/ }).last();
    await status.waitFor({ timeout: RUN_TIMEOUT_MS });
    // A narration estimated at one second on a fast machine reads «un segundo más», never «unos 1 s más».
    expect(await status.textContent()).toMatch(/Cuando respondas: (un segundo|un minuto|unos ([2-9]|\d\d+) (s|min)) más/);
    expect(await narration.getByRole('button', { name: '❌ Rechazar' }).count()).toBe(1);
    expect(await page.locator('.msg.in', { hasText: 'No se hizo' }).count()).toBe(0);
    if (shotsDir) await screenshotAt(page, '.msg.in:has-text("espera tu respuesta")', 'start', 'chat-progreso-espera.png');
    await narration.getByRole('button', { name: '❌ Rechazar' }).click();
    // The bot asks why (optional) with force_reply: the page answers that question with the next text.
    await page.locator('.msg.in', { hasText: /¿Por qué lo rechazas\?/ }).waitFor({ timeout: RUN_TIMEOUT_MS });
    await box.fill('hoy no quiero audio');
    await box.press('Enter');
    await page.locator('.msg.in', { hasText: /Motivo: «hoy no quiero audio»/ }).waitFor({ timeout: RUN_TIMEOUT_MS });

    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.photo img')).some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: RUN_TIMEOUT_MS });
    const report = page.locator('.msg.in', { hasText: 'No se hizo' }).last();
    await report.waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await report.textContent()).toMatch(/narr/i);
    expect(await page.locator('.msg.in audio').count()).toBe(0);
    if (shotsDir) await screenshotAt(page, '.msg.in .photo', 'start', 'chat-portada-informe.png');
  }, 3 * RUN_TIMEOUT_MS);

  it('asked again with everything approved, the episode plays', async () => {
    const { page } = browser;
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    const before = await page.locator('#log > .msg').count();
    await box.fill('prepara la semana 3');
    await box.press('Enter');
    // Approve whatever this run asks (the cover may come from cache and not ask again): wait for the
    // next event — an open Aprobar button or the episode — and act on it; no polling interval.
    const pending = page.locator('#log > .msg').nth(before).locator('~ .msg.in').getByRole('button', { name: '✅ Aprobar' });
    for (;;) {
      const next = await page.waitForFunction((from) => {
        if (document.querySelector('.msg.in audio')) return 'audio';
        const later = Array.from(document.querySelectorAll('#log > .msg')).slice(from + 1);
        const open = later.some((m) => m.classList.contains('in') && Array.from(m.querySelectorAll('button')).some((b) => b.textContent?.trim() === '✅ Aprobar'));
        return open ? 'button' : false;
      }, before, { timeout: RUN_TIMEOUT_MS });
      if ((await next.jsonValue()) === 'audio') break;
      const open = await pending.count();
      await pending.first().click();
      // The tap is answered by editing the question without its buttons: wait for that.
      await page.waitForFunction(([from, n]) => Array.from(document.querySelectorAll('#log > .msg')).slice(from + 1)
        .filter((m) => Array.from(m.querySelectorAll('button')).some((b) => b.textContent?.trim() === '✅ Aprobar')).length < n, [before, open] as const, { timeout: RUN_TIMEOUT_MS });
    }
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('.msg.in audio');
      return a !== null && a.readyState >= 1 && Number.isFinite(a.duration) && a.duration > 0 && a.error === null;
    }, undefined, { timeout: RUN_TIMEOUT_MS });
    const src = await page.locator('.msg.in audio').first().evaluate((a: HTMLAudioElement) => a.currentSrc);
    expect(src).toMatch(/\/files\//);
    if (shotsDir) await screenshotAt(page, '.msg.in audio', 'center', 'chat-episodio.png');
    // One audio message; the WAV only on request, from the button under it.
    expect(await page.locator('.msg.in audio').count()).toBe(1);
    const wavLink = page.getByRole('link', { name: /Descargar semana_03\.wav/ });
    expect(await wavLink.count()).toBe(0);
    await page.locator('.msg.in', { has: page.locator('audio') }).getByRole('button', { name: '⬇️ Descargar el audio original' }).click();
    await wavLink.waitFor({ timeout: RUN_TIMEOUT_MS });
  }, 3 * RUN_TIMEOUT_MS);
});
