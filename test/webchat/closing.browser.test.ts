/**
 * The end of a run on a phone (issue 28, item 2): the local chat page at 390×844 in headless
 * Chromium, the real bot and agent (offline planner) behind the embedded Bot API. After «prepara la
 * semana 3» and its approvals, the new cover and the single closing message are on screen together
 * (nothing pushes the cover off: no chart, no cards list, no second summary); the chart arrives only
 * after tapping [📊 Cronograma]. With SCREENSHOTS=1 it saves docs/img/chat-cierre.png and
 * docs/img/chat-cronograma.png for the README and docs/chat.md.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shotsDir = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : undefined;
/** Media is made on the CPU (cover drawing, espeak-ng narration): give the run room on 2 cores. */
const RUN_TIMEOUT_MS = 120_000;

/** The part of `el`'s box inside the viewport, as a fraction of its height (0 = off screen). */
async function visibleFraction(page: Page, el: Locator): Promise<number> {
  const box = await el.boundingBox();
  const vh = page.viewportSize()!.height;
  if (!box || box.height === 0) return 0;
  return Math.max(0, Math.min(box.y + box.height, vh) - Math.max(box.y, 0)) / box.height;
}

describe.skipIf(skipBrowserTests())('the end of a run at phone width', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-closing-');
    browser = await launchChromium(PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  it('the new cover and the one closing message share the screen; the chart only after its tap', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    // Everything fits the phone's width: the composer's buttons, the header's badge (the voice button
    // once pushed «Enviar» 40 px off the screen).
    expect(await wider(page)).toEqual([]);
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('prepara la semana 3');
    await box.press('Enter');

    // Approve each question as it comes, until the closing message is there.
    const closing = page.locator('.msg.in', { hasText: '📋 Informe' });
    for (;;) {
      const next = await page.waitForFunction(() => {
        const msgs = Array.from(document.querySelectorAll('#log > .msg.in'));
        if (msgs.some((m) => m.textContent?.includes('📋 Informe'))) return 'closing';
        return msgs.some((m) => Array.from(m.querySelectorAll('button')).some((b) => b.textContent?.trim() === '✅ Aprobar')) ? 'ask' : false;
      }, undefined, { timeout: RUN_TIMEOUT_MS });
      if ((await next.jsonValue()) === 'closing') break;
      const approve = page.getByRole('button', { name: '✅ Aprobar' }).first();
      const data = await approve.getAttribute('data-callback');
      await page.locator(`button[data-callback="${data}"]`).click();
      await page.locator(`button[data-callback="${data}"]`).waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS });
    }
    await closing.getByRole('button', { name: '📊 Cronograma' }).waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await closing.count()).toBe(1);
    expect(await closing.getByRole('button').allTextContents()).toEqual(['🃏 Tarjetas', '📊 Cronograma']);
    expect(await closing.innerText()).toMatch(/💵 Coste de este trabajo: 0,00 USD \(estimación: sin conexión no se cobra nada\)\./);
    expect(await closing.innerText()).not.toMatch(/tokens/);

    // The cover and the episode came before the closing message; nothing else was sent unasked.
    const cover = page.locator('.msg.in', { hasText: /Portada · Semana 3/ }).locator('.photo img');
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.photo img')).some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: RUN_TIMEOUT_MS });
    expect(await page.locator('.msg.in .photo img').count()).toBe(1);
    expect(await page.locator('.msg.in', { hasText: /Tus tarjetas de este trabajo/ }).count()).toBe(0);
    expect(await page.locator('.msg.in', { hasText: /Cronograma del trabajo/ }).count()).toBe(0);

    // Where the phone shows the newest messages: the closing message whole and the cover with it.
    await page.locator('#log').evaluate((log) => { log.scrollTop = log.scrollHeight; });
    await page.locator('#toast').waitFor({ state: 'hidden' });
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'chat-cierre.png') });
    expect(await visibleFraction(page, closing)).toBe(1);
    expect(await visibleFraction(page, cover)).toBeGreaterThanOrEqual(0.5);
    expect(await wider(page)).toEqual([]);

    // The chart, only now.
    await closing.getByRole('button', { name: '📊 Cronograma' }).click();
    const chart = page.locator('.msg.in', { hasText: /Cronograma del trabajo/ });
    await chart.waitFor({ timeout: RUN_TIMEOUT_MS });
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.photo img')).filter((i) => i.complete && i.naturalWidth > 0).length === 2, undefined, { timeout: RUN_TIMEOUT_MS });
    expect(await page.locator('.msg.in .photo img').count()).toBe(2);
    if (shotsDir) {
      await chart.scrollIntoViewIfNeeded();
      await page.locator('#toast').waitFor({ state: 'hidden' });
      await page.screenshot({ path: path.join(shotsDir, 'chat-cronograma.png') });
    }
  }, 4 * RUN_TIMEOUT_MS);
});

/** The visible elements that reach past the right edge of the window. */
function wider(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.querySelectorAll('body *'))
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 1 && r.right > window.innerWidth + 0.5; })
    .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '')} → ${Math.round(e.getBoundingClientRect().right)} px`));
}
