/**
 * A new student sets their course in the local chat (issue 25), on a phone-sized page (390×844) in
 * headless Chromium, with the real bot and the real agent (offline planner) behind the embedded Bot
 * API: pastes the 14-week Biología celular syllabus, the bot restarts with the proposal pending, the
 * student accepts it, renames week 3, adds a note to week 12 with /nota, writes «prepara la semana
 * 12» and gets week 12's cover and narration. The proposal's screenshot goes to docs/img when
 * SCREENSHOTS=1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE, skipBrowserTests, type LaunchedBrowser, sendText } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shotsDir = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : undefined;
/** Media is made on the CPU: give the run room on 2 shared cores. */
const RUN_TIMEOUT_MS = 180_000;
const BIO = new URL('../fixtures/syllabi/biologia-celular.txt', import.meta.url);

describe.skipIf(skipBrowserTests())('a new student sets their course in the chat', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-curso-');
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const send = sendText;
  const bubble = (page: Page, text: string | RegExp) => page.locator('.msg.in', { hasText: text }).last();

  it('pastes the syllabus, accepts it after a restart, renames week 3, notes week 12, and gets week 12 prepared', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: PHONE.width, height: PHONE.height });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');

    await send(page, await readFile(BIO, 'utf8'));
    const proposal = page.locator('.msg.in', { hasText: 'He leído un temario' }).filter({ has: page.getByRole('button', { name: '✅ Usar este curso' }) }).last();
    await proposal.waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await proposal.textContent()).toMatch(/14\. Repaso general/);
    if (shotsDir) {
      await proposal.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: path.join(shotsDir, 'chat-curso-propuesta.png') });
    }
    // The proposal is on disk: the bot restarts and its button still answers.
    await chat.restartBot();
    await proposal.getByRole('button', { name: '✅ Usar este curso' }).click();
    await bubble(page, 'Listo: tu curso es «Biología celular», con 14 semanas').waitFor({ timeout: RUN_TIMEOUT_MS });

    await send(page, '/curso semana 3 Citoesqueleto y motores');
    await bubble(page, 'la semana 3 ahora es «Citoesqueleto y motores»').waitFor({ timeout: RUN_TIMEOUT_MS });
    await send(page, '/nota apoptosis: La apoptosis es la muerte celular programada; las caspasas la ejecutan por pasos.');
    await bubble(page, /Nota \d+ guardada \(tema: apoptosis\)/).waitFor({ timeout: RUN_TIMEOUT_MS });
    const note = (await chat.notebook.notes.list()).at(-1)!;
    expect(note).toMatchObject({ tema: 'apoptosis', semana: 12 });
    const course = JSON.parse(await readFile(path.join(chat.dataDir, 'curso.json'), 'utf8')) as { semanas: { titulo: string }[] };
    expect(course.semanas[2]!.titulo).toBe('Citoesqueleto y motores');

    const before = await page.locator('#log > .msg').count();
    await send(page, 'prepara la semana 12');
    // Approve whatever the run asks until the episode is there (the next event, no polling interval).
    const pending = page.getByRole('button', { name: '✅ Aprobar' });
    for (;;) {
      const next = await page.waitForFunction((from) => {
        if (document.querySelector('.msg.in audio')) return 'audio';
        const later = Array.from(document.querySelectorAll('#log > .msg')).slice(from + 1);
        const open = later.some((m) => m.classList.contains('in') && Array.from(m.querySelectorAll('button')).some((b) => b.textContent?.trim() === '✅ Aprobar'));
        return open ? 'button' : false;
      }, before, { timeout: RUN_TIMEOUT_MS });
      if ((await next.jsonValue()) === 'audio') break;
      // The tap is answered by editing that question without its buttons (by its id: another
      // question may appear meanwhile).
      const card = page.locator('#log > .msg').nth(before).locator('~ .msg.in').filter({ has: pending }).first();
      const id = await card.getAttribute('id');
      await card.getByRole('button', { name: '✅ Aprobar' }).click();
      await page.waitForFunction((mid) => !Array.from(document.getElementById(mid!)?.querySelectorAll('button') ?? []).some((b) => b.textContent?.trim() === '✅ Aprobar'), id, { timeout: RUN_TIMEOUT_MS });
    }
    // Week 12's cover, titled with the student's week, and its narration.
    const cover = page.locator('.msg.in', { has: page.locator('.photo img') }).filter({ hasText: 'Semana 12 · Apoptosis' }).last();
    await cover.waitFor({ timeout: RUN_TIMEOUT_MS });
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('.msg.in audio');
      return a !== null && a.readyState >= 1 && Number.isFinite(a.duration) && a.duration > 0 && a.error === null;
    }, undefined, { timeout: RUN_TIMEOUT_MS });
    const report = bubble(page, /Informe/);
    await report.waitFor({ timeout: RUN_TIMEOUT_MS });
    // The closing message names the request and says what was made (the cover above names the week).
    expect(await report.textContent()).toMatch(/«prepara la semana 12»[\s\S]*✅ Portada[\s\S]*✅ Narración/);
    if (shotsDir) {
      await cover.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.locator('#toast').waitFor({ state: 'hidden' });
      await page.screenshot({ path: path.join(shotsDir, 'chat-curso-semana-12.png') });
    }
  }, 4 * RUN_TIMEOUT_MS);
});
