/**
 * A question to the notebook on a phone-sized page (390×844, headless Chromium), with the real bot
 * behind the embedded Bot API (issue 44 item 4): a student imports the termodinámica lecture of
 * the lectures fixture through the page's attach button, saves its notes, and asks «explícame el
 * ciclo de Carnot». The answer quotes the passage that explains the cycle — not a note's first
 * characters — with where it comes from, and a button to make cards of it; a tap on it starts the
 * cards of that note. The screenshot of the answer goes to docs/respuesta-pasaje.png when
 * SCREENSHOTS=1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE, sendText, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shot = process.env.SCREENSHOTS === '1' ? path.resolve('docs/respuesta-pasaje.png') : undefined;
const LECTURE = fileURLToPath(new URL('../fixtures/lectures/termodinamica-tema5.md', import.meta.url));
const WAIT_MS = 60_000;

describe.skipIf(skipBrowserTests())('a question about an imported lecture, on a phone', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-pasaje-');
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const bubble = (page: Page, text: string | RegExp) => page.locator('.msg.in', { hasText: text }).last();

  it('«explícame el ciclo de Carnot» quotes the passage with its source and offers cards of it', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: PHONE.width, height: PHONE.height });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');

    await page.setInputFiles('#attach', LECTURE);
    const proposal = bubble(page, 'De «termodinamica-tema5.md»');
    await proposal.getByRole('button', { name: '✅ Guardar' }).click({ timeout: WAIT_MS });
    await bubble(page, /Guardado: las notas \d+–\d+ ya están en tu cuaderno/).waitFor({ timeout: WAIT_MS });

    await sendText(page, 'explícame el ciclo de Carnot');
    const answer = bubble(page, 'Esto dicen tus notas sobre «ciclo de Carnot»');
    await answer.waitFor({ timeout: WAIT_MS });
    const text = (await answer.innerText()).replace(/\s+/g, ' ');
    // The first passage quoted is the one that says what the cycle is, whole, with where it comes from.
    expect(text).toMatch(/Esto dicen tus notas sobre «ciclo de Carnot»: 1\. «En 1824 Sadi Carnot propuso un ciclo ideal que funciona entre solo dos focos\. El ciclo de Carnot está formado por dos isotermas y dos adiabáticas, todas reversibles, recorridas por un gas ideal en el orden siguiente:» — (termodinamica-tema5\.md|tu nota \d+) · 6\. El ciclo de Carnot/);
    expect(text).not.toContain('**');
    const cards = answer.getByRole('button', { name: '🃏 Tarjetas de la nota del pasaje 1' });
    await cards.waitFor();
    if (shot) {
      await answer.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: shot });
    }

    // The button asks for the cards of the passage's note, as the student would in words.
    await cards.click();
    await bubble(page, /tarjetas/i).filter({ hasNotText: 'Esto dicen tus notas' }).waitFor({ timeout: WAIT_MS });
  }, 180_000);
});
