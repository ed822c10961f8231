/**
 * A guía docente pasted on a phone-sized page (390×844, headless Chromium), with the real bot behind
 * the embedded Bot API (issue 42): the first eight weeks of the Termodinámica guide copied out of its
 * PDF (short enough for the whole proposal to fit the phone's screen), with week 8's title running
 * past the limit. The proposal shows every date with its year («8 feb 2027»), marks week 7
 * (Semana Santa) as without class, and asks about the cut title instead of refusing the syllabus. The
 * screenshot of the proposal goes to
 * docs/syllabus-propuesta.png when SCREENSHOTS=1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYLLABUS } from '../../src/strings/course.js';
import { MAX_WEEK_TITLE } from '../../src/domain/course/course.js';
import { launchChromium, PHONE, skipBrowserTests, type LaunchedBrowser, sendText } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shot = process.env.SCREENSHOTS === '1' ? path.resolve('docs/syllabus-propuesta.png') : undefined;
const GUIDE = new URL('../fixtures/syllabi/guias/termodinamica.txt', import.meta.url);
const WAIT_MS = 60_000;
/** Week 8 as a teacher might write it: one sentence of more than 200 characters. */
const LONG = 'Tema 7. Potenciales termodinámicos y relaciones de Maxwell: energía libre de Helmholtz y de Gibbs, entalpía, condiciones de equilibrio y estabilidad, y su uso en sistemas hidrostáticos, magnéticos y dieléctricos';

describe.skipIf(skipBrowserTests())('a guía docente pasted in the chat on a phone', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-guia-');
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const proposalBubble = (page: Page) => page.locator('.msg.in', { hasText: 'He leído un temario' }).filter({ has: page.getByRole('button', { name: '✅ Usar este curso' }) }).last();

  it('shows dates with their year, the week without class marked, and asks about the cut title', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: PHONE.width, height: PHONE.height });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');

    const whole = await readFile(GUIDE, 'utf8');
    const guide = whole.slice(0, whole.indexOf('Semana 9 ')).replace('Tema 7. Potenciales termodinámicos y relaciones de Maxwell', LONG);
    expect(Array.from(LONG).length).toBeGreaterThan(MAX_WEEK_TITLE);
    await sendText(page, guide);
    const proposal = proposalBubble(page);
    await proposal.waitFor({ timeout: WAIT_MS });
    const text = (await proposal.textContent()) ?? '';

    expect(text).toMatch(/«Termodinámica», 8 semanas \(una sin clase\)/);
    expect(text).toMatch(/1\. Tema 1\. Sistemas termodinámicos, variables de estado y equilibrio \(desde el 8 feb 2027\)/);
    expect(text).toMatch(/⛔ 7\. Semana Santa — no hay clase \(desde el 22 mar 2027\) — sin clase, no se prepara/);
    expect(text).toMatch(/4\. Tema 4\. Aplicaciones del primer principio: capacidades caloríficas, entalpía y procesos en gases ideales \(desde el 1 mar 2027\)/);
    expect(text).toContain(SYLLABUS.titleCut(8, Array.from(LONG).length, MAX_WEEK_TITLE));
    expect(text).toMatch(/8\. Tema 7\. Potenciales termodinámicos y relaciones de Maxwell: .*… \(desde el 29 mar 2027\)/);
    if (shot) {
      await proposal.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: shot });
    }

  }, 120_000);
});
