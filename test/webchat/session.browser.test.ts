/**
 * A whole owner session at phone width (390×844) in the local chat page — the real bot and agent
 * (offline planner) behind the embedded Bot API, in headless Chromium: the first minute (/start), a
 * week with one change («Mejor con …») and one rejection, a repeat, a search question, «gracias»,
 * /estado and /gasto. Then every word the bot wrote in the session is checked: no internal names,
 * no English, no usted (the owner's words it quotes are left out), and ONE set of cost figures — the
 * reports' costs add up to what /gasto says. Screenshots go to a temp dir, or to docs/img (README)
 * with SCREENSHOTS=1.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { voiceProblems } from '../support/voice.js';

/** Media is made on the CPU (cover drawing, synthetic voice): room for a run on 2 busy cores. */
const RUN_TIMEOUT_MS = 120_000;

describe.skipIf(skipBrowserTests())('a whole session in the local chat, at phone width', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;
  let shots: string;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-session-');
    browser = await launchChromium();
    shots = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : await mkdtemp(path.join(os.tmpdir(), 'cv-session-shots-'));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const bubbles = (page: Page) => page.locator('#log > .msg.in');
  const box = (page: Page) => page.getByRole('textbox', { name: 'Mensaje para el bot' });

  async function say(page: Page, text: string): Promise<number> {
    const from = await page.locator('#log > .msg').count();
    await box(page).fill(text);
    await box(page).press('Enter');
    return from;
  }

  /** The first bot bubble after message index `from` whose text matches `re` (waits for it). */
  async function reply(page: Page, from: number, re: RegExp): Promise<Locator> {
    await page.waitForFunction(([f, src, flags]) => Array.from(document.querySelectorAll('#log > .msg')).slice(f)
      .some((m) => m.classList.contains('in') && new RegExp(src, flags).test((m as HTMLElement).innerText)), [from, re.source, re.flags] as const, { timeout: RUN_TIMEOUT_MS });
    return page.locator('#log > .msg').nth(from).locator('~ .msg.in').filter({ hasText: re }).first();
  }

  /** `block`: which end of a message taller than the screen shows (the greeting's start says what it is). */
  async function shot(page: Page, target: Locator, file: string, block: 'start' | 'end' = 'end'): Promise<void> {
    await target.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
    await page.locator('#toast').waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(shots, file) });
  }

  /** Presses `name` on the open approval about `what`, and waits for the question to close. */
  async function decide(page: Page, from: number, what: RegExp, name: string | RegExp): Promise<Locator> {
    const card = await reply(page, from, new RegExp(`Necesito tu permiso[\\s\\S]*${what.source}`));
    await card.getByRole('button', { name }).waitFor({ timeout: RUN_TIMEOUT_MS });
    await card.getByRole('button', { name }).click();
    await card.locator('button').first().waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS });
    return card;
  }

  it('reads like one person talking, with one set of figures', async () => {
    const { page } = browser;
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');

    // The first minute.
    let from = await say(page, '/start');
    const hello = await reply(page, from, /Soy tu Cuaderno Vivo/);
    await shot(page, hello, 'sesion-1-inicio.png', 'start');

    // A week with one change and one rejection: the cover is rejected; the narration, asked with
    // the owner's own voice (not set up here), is approved with the change the chat offers.
    from = await say(page, 'prepara la semana 3 con mi voz');
    const rejected = await reply(page, from, /Necesito tu permiso[\s\S]*portada/);
    await rejected.getByRole('button', { name: '❌ Rechazar' }).click();
    // The bot asks why (optional, with force_reply): the next text is the reason, and the model gets it.
    await reply(page, from, /¿Por qué lo rechazas\?/);
    await say(page, 'hoy prefiero sin portada');
    await page.locator('.msg.in', { hasText: /Motivo: «hoy prefiero sin portada»/ }).waitFor({ timeout: RUN_TIMEOUT_MS });
    const narration = await reply(page, from, /Necesito tu permiso[\s\S]*narrar/);
    await narration.getByRole('button', { name: /Mejor con la voz sintética/ }).waitFor({ timeout: RUN_TIMEOUT_MS });
    await shot(page, narration, 'sesion-2-permiso-con-cambio.png');
    await decide(page, from, /narrar/, /Mejor con la voz sintética/);
    const report1 = await reply(page, from, /📋 Informe[\s\S]*💵/);
    expect(await report1.innerText()).toMatch(/✅ Narración/);
    expect(await report1.innerText()).toMatch(/No se hizo:[\s\S]*portada[\s\S]*no lo aprobaste/i);
    await page.waitForSelector('.msg.in audio');
    await shot(page, report1, 'sesion-3-informe.png');

    // A repeat: the cover is made now (approved); the narration exists (nothing to ask), so it is
    // pointed at, not re-sent.
    from = await say(page, 'prepara la semana 3');
    await decide(page, from, /portada/, '✅ Aprobar');
    const pointer = await reply(page, from, /La narración de la semana 3 ya la tienes/);
    // «es esta» points at something visible (issue 28): the reply quotes the episode's message, and
    // tapping the quote brings that message on screen.
    const episode = page.locator('.msg.in', { has: page.locator('audio') }).first();
    const quote = pointer.locator('.quote');
    expect(await quote.getAttribute('data-quote')).toBe(await episode.getAttribute('data-message-id'));
    await page.locator('#log').evaluate((log) => { log.scrollTop = log.scrollHeight; });
    await quote.click();
    await expect.poll(async () => {
      const box = await episode.boundingBox();
      return box !== null && box.y >= 0 && box.y + Math.min(box.height, 100) <= page.viewportSize()!.height;
    }).toBe(true);
    const report2 = await reply(page, from, /📋 Informe[\s\S]*💵/);
    expect(await report2.innerText()).toMatch(/↩️ Narración: ya la tenías/);
    expect(await page.locator('.msg.in audio').count()).toBe(1);
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.photo img')).some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: RUN_TIMEOUT_MS });
    await shot(page, pointer, 'sesion-4-repeticion.png');

    // A search question, thanks, /estado, /gasto.
    from = await say(page, '¿qué tengo sobre el cubismo?');
    await reply(page, from, /Esto dicen tus notas sobre «[^»]*cubismo»/);
    from = await say(page, 'gracias');
    await reply(page, from, /De nada/);
    from = await say(page, '/estado');
    await reply(page, from, /No hay nada en marcha/);
    from = await say(page, '/gasto');
    const spend = await reply(page, from, /^[\s\S]*📅 Gasto de este mes/);
    await shot(page, spend, 'sesion-5-gasto.png');

    // Every word the bot wrote in the session, bubble by bubble (buttons included).
    const texts = await bubbles(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText));
    // SESSION_TRANSCRIPT=file writes the whole conversation (docs/chat.md is written from it).
    if (process.env.SESSION_TRANSCRIPT) {
      const all = await page.locator('#log > .msg').evaluateAll((els) => els.map((e) => ({ in: e.classList.contains('in'), text: (e as HTMLElement).innerText })));
      await writeFile(process.env.SESSION_TRANSCRIPT, JSON.stringify(all, null, 1));
    }
    expect(texts.length).toBeGreaterThan(12);
    const problems = texts.flatMap((t) => voiceProblems(t).map((p) => `${p} in: ${t.slice(0, 160)}`));
    expect(problems).toEqual([]);

    // One set of figures: the closing messages' costs add up to /gasto's month.
    const num = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));
    const costs = texts.flatMap((t) => [...t.matchAll(/💵 Coste de este trabajo: ([\d,]+) USD/g)]);
    expect(costs).toHaveLength(2);
    const spendText = await spend.innerText();
    const month = /📅 Gasto de este mes \(todos tus trabajos\): ([\d,]+) USD de/.exec(spendText)!;
    const offline = /Lo que preparé sin conexión este mes no te cuesta nada: sin conexión no uso el asistente de pago\./.test(spendText);
    expect(costs.reduce((s, m) => s + num(m[1]!), 0)).toBeCloseTo(num(month[1]!), 10);
    // Offline each closing message says «estimación» and costs nothing; /gasto says offline work is free.
    expect(texts.filter((t) => /💵 Coste de este trabajo: 0,00 USD \(estimación/.test(t))).toHaveLength(2);
    expect(offline).toBe(true);
    // /gasto names no other sum of money than what was spent, the budget and what is left of it.
    const spent = num(month[1]!);
    const budget = num(/ USD de ([\d,]+) USD/.exec(spendText)![1]!);
    const money = [...spendText.matchAll(/([\d.,]+) USD/g)].map((m) => num(m[1]!));
    for (const x of money) expect([spent, budget, budget - spent]).toContain(x);
  }, 8 * RUN_TIMEOUT_MS);
});
