/**
 * A deleted card stays deleted, on a phone (issue 44, Done means): the local chat page at 390×844 in
 * headless Chromium, the real bot and agent (offline planner) behind the embedded Bot API. The student
 * prepares week 3, deletes one of its cards with /borrar and its confirmation button, and prepares
 * week 3 again: the deck keeps the deleted card as a tombstone and the second plan does not make it
 * again. (The «explícame el ciclo de Carnot» half of the same item is passage-answer.browser.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchChromium, sendText, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

/** Media is made on the CPU (cover drawing, espeak-ng narration): give the run room on 2 cores. */
const RUN_TIMEOUT_MS = 120_000;
const WEEK = 'prepara la semana 3';

/** Approves each question of a run as it comes, until the run's closing message number `n` is on the page. */
async function approveUntilClosing(page: Page, n: number): Promise<void> {
  for (;;) {
    const next = await page.waitForFunction((want) => {
      const msgs = Array.from(document.querySelectorAll('#log > .msg.in'));
      if (msgs.filter((m) => m.textContent?.includes('📋 Informe')).length >= want) return 'closing';
      return msgs.some((m) => Array.from(m.querySelectorAll('button')).some((b) => b.textContent?.trim() === '✅ Aprobar')) ? 'ask' : false;
    }, n, { timeout: RUN_TIMEOUT_MS });
    if ((await next.jsonValue()) === 'closing') return;
    const approve = page.getByRole('button', { name: '✅ Aprobar' }).first();
    const data = await approve.getAttribute('data-callback');
    await page.locator(`button[data-callback="${data}"]`).click();
    await page.locator(`button[data-callback="${data}"]`).waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS });
  }
}

describe.skipIf(skipBrowserTests())('a deleted card, on a phone', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-borrada-');
    browser = await launchChromium(PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  it('is not made again by the next «prepara la semana»', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: PHONE.width, height: PHONE.height });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');

    await sendText(page, WEEK);
    await approveUntilClosing(page, 1);
    const first = (await chat.notebook.cards.list()).filter((c) => c.semana === 3);
    expect(first.length).toBeGreaterThan(0);
    const gone = first[0]!;

    await sendText(page, `/borrar ${gone.id}`);
    const ask = page.locator('.msg.in', { hasText: `¿Borrar la tarjeta ${gone.id} («` }).last();
    await ask.getByRole('button', { name: '🗑 Sí, bórrala' }).click({ timeout: RUN_TIMEOUT_MS });
    await page.locator('.msg.in', { hasText: `🗑 Tarjeta ${gone.id} borrada.` }).waitFor({ timeout: RUN_TIMEOUT_MS });

    // Asked again plainly: the week is all made, so one message says what there is and nothing runs.
    await sendText(page, WEEK);
    await page.locator('.msg.in', { hasText: 'Ya tienes preparada la semana 3' }).last().waitFor({ timeout: RUN_TIMEOUT_MS });
    expect((await chat.notebook.cards.list()).some((c) => c.pregunta === gone.pregunta)).toBe(false);
    // Asked as a redo: the plan runs and reads the tombstone.
    await sendText(page, 'prepara de nuevo la semana 3');
    await approveUntilClosing(page, 2);
    const live = await chat.notebook.cards.list();
    expect(live.some((c) => c.pregunta === gone.pregunta)).toBe(false);
    expect(live.some((c) => c.id === gone.id)).toBe(false);
    // The week keeps its other cards (the second plan may add a new one, never the deleted one).
    for (const c of first.slice(1)) expect(live.some((l) => l.id === c.id && l.pregunta === c.pregunta)).toBe(true);
  }, 5 * RUN_TIMEOUT_MS);
});
