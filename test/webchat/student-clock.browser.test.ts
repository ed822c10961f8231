/**
 * The local chat page tells the bot its browser's time zone (issue 46, item 6): Chromium set to
 * Bogotá opens the page; the bot then proposes «recuérdame repasar cada día a las 9» in Bogotá's
 * hour at once (no zone question, as Telegram gets), and the one button sets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { CLOCK } from '../../src/strings/clock.js';
import { launchChromium, PHONE, sendText, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

describe.skipIf(skipBrowserTests())('the page’s time zone', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    // The machine's zone is not the browser's: the bot must take the page's word for it.
    chat = await startLocalChat('webchat-clock-', 1, { ZONA_HORARIA: 'Europe/Madrid' });
    browser = await launchChromium(PHONE, [], 'America/Bogota');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  it('a reminder asked in words is proposed in the browser’s zone and set with one tap', async () => {
    const { page } = browser;
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    expect(chat.tg.server.timeZoneOf(chat.tg.server.chatId)).toBe('America/Bogota');

    await sendText(page, 'recuérdame repasar cada día a las 9');
    const proposal = page.locator('#log > .msg.in').filter({ hasText: CLOCK.propose('09:00', 'America/Bogota', false) });
    await proposal.getByRole('button', { name: CLOCK.confirmButton }).click();
    await page.locator('#log > .msg.in').filter({ hasText: CLOCK.set('09:00', 'America/Bogota') }).waitFor();
    const stored = (await (await openNotebook(chat.dataDir)).reviews.read()).recordatorio;
    expect(stored.hora).toBe('09:00');
    expect(await page.locator('#log').innerText()).not.toMatch(/¿En qué zona horaria estás\?|hora universal|hora de Madrid/);
  });
});
