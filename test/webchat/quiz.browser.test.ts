/**
 * A quiz answered on the local chat page at phone width (390×844), the real bot behind the embedded
 * Bot API, real headless Chromium (issue 45): /quiz 4 draws its polls; a tap on an option marks it
 * right or wrong, shows the right one and the explanation, and the answer is rated into the review.
 * With SCREENSHOTS=1 it saves docs/quiz.png.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchChromium, sendText, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import fixture from '../fixtures/quiz/termodinamica.json' with { type: 'json' };

const shot = process.env.SCREENSHOTS === '1' ? path.resolve('docs/quiz.png') : undefined;

describe.skipIf(skipBrowserTests())('a quiz on the local page at phone width', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-quiz-');
    await chat.notebook.notes.addMany(fixture.notas.map((n) => ({ tema: n.tema, texto: n.texto, semana: n.semana })));
    browser = await launchChromium(PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  it('tap an option: right or wrong, the right one marked, the explanation shown, the answer in the review', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    await sendText(page, '/quiz 4');
    await page.locator('.poll').nth(4).waitFor({ timeout: 30_000 });
    const sent = chat.tg.server.history().filter((m) => m.poll);
    const right = (i: number) => (sent[i]!.poll as unknown as { correct_option_ids: number[] }).correct_option_ids[0]!;

    // The first answered right, the second wrong.
    const first = page.locator(`#m-${sent[0]!.message_id} .poll`);
    await first.locator(`.poll-option[data-option="${right(0)}"]`).click();
    await first.locator('.poll-option.right.chosen').waitFor();
    await expect.poll(() => first.locator('.poll-explanation').textContent()).toContain('(nota ');
    const second = page.locator(`#m-${sent[1]!.message_id} .poll`);
    const wrong = (right(1) + 1) % 4;
    await second.locator(`.poll-option[data-option="${wrong}"]`).click();
    await second.locator('.poll-option.wrong.chosen').waitFor();
    expect(await second.locator('.poll-option.right .poll-text').textContent()).toBe(sent[1]!.poll!.options[right(1)]!.text);
    expect(await second.locator('.poll-option.wrong .poll-mark').textContent()).toBe('✗');
    expect(await second.locator('.poll-option').first().isDisabled()).toBe(true);
    await second.locator('.poll-explanation').waitFor();

    // Both answers reach the review, «Bien» and «Otra vez».
    const log = async () => JSON.parse(await readFile(path.join(chat.dataDir, 'repaso.json'), 'utf8').catch(() => '{"registro":[]}')).registro as { calificacion: number }[];
    await expect.poll(async () => (await log()).map((e) => e.calificacion), { timeout: 20_000 }).toEqual([3, 1]);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shot) {
      await second.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot });
    }
  }, 90_000);
});
