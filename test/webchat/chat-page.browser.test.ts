/**
 * The chat page in real headless Chromium with a real grammY bot behind the embedded Bot API:
 * typing, live replies, inline buttons, in-place edits, the command menu, an inline photo that
 * decodes, an audio element that can play, a document link. Its screenshots stay in a temp dir
 * (the README's come from product-flow.browser.test.ts, the real bot).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { launchChromium, skipBrowserTests, type LaunchedBrowser } from '../support/browser.js';
import { createEchoBot, ECHO_COMMANDS } from './echo-bot.js';

const TOKEN = '5550002:browser-test';

describe.skipIf(skipBrowserTests())('chat page in Chromium', () => {
  let tmp: string;
  let tg: EmbeddedTelegram;
  let bot: Bot;
  let botStopped: Promise<void>;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-browser-'));
    tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
    bot = createEchoBot(TOKEN, tg.apiRoot);
    await bot.api.setMyCommands(ECHO_COMMANDS);
    botStopped = bot.start({ drop_pending_updates: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await bot?.stop();
    await botStopped;
    await tg?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const shot = (name: string) => browser.page.screenshot({ path: path.join(tmp, name) });

  it('text in, live reply with buttons, a tap edits the same message in place', async () => {
    const { page } = browser;
    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    // A chat never opened offers what Telegram offers there: Empezar sends /start.
    await page.getByRole('button', { name: 'Empezar' }).click();
    await page.locator('.msg.out', { hasText: '/start' }).waitFor();
    await tg.server.waitForRequest('sendMessage', (r) => r.ok);
    expect(await page.getByRole('button', { name: 'Empezar' }).count()).toBe(0);
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await expect.poll(() => box.evaluate((e) => e === document.activeElement)).toBe(true);

    await box.fill('prepare la semana 3');
    await box.press('Enter');
    await page.locator('.msg.out', { hasText: 'prepare la semana 3' }).waitFor();
    const approve = page.getByRole('button', { name: '✅ Aprobar' });
    await approve.waitFor();
    const reply = page.locator('.msg.in', { has: approve });
    const id = await reply.getAttribute('id');
    const indexBefore = await page.locator('#log > .msg').evaluateAll((els, i) => els.findIndex((e) => e.id === i), id);
    await expect.poll(() => box.inputValue()).toBe('');
    await shot('chat-aprobacion.png');

    await approve.click();
    await page.getByRole('status').filter({ hasText: 'Aprobado' }).waitFor();
    const edited = page.locator(`#${id}`);
    await edited.filter({ hasText: '✅ Aprobado por Estudiante' }).waitFor();
    expect(await edited.getByRole('button').count()).toBe(0);
    expect(await edited.locator('.meta').textContent()).toMatch(/^editado/);
    const indexAfter = await page.locator('#log > .msg').evaluateAll((els, i) => els.findIndex((e) => e.id === i), id);
    expect(indexAfter).toBe(indexBefore);
    // The bot really got a callback_query from this user for that message.
    const answer = await tg.server.waitForRequest('answerCallbackQuery', (r) => r.ok);
    expect(answer.params.text).toBe('Aprobado');
  });

  it('a half-typed message survives a reload; once sent, a reload finds the box empty', async () => {
    const { page } = browser;
    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('');
    await box.pressSequentially('repasa lo de la semana');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await box.inputValue()).toBe('repasa lo de la semana');

    await box.press('Enter');
    await page.locator('.msg.out', { hasText: 'repasa lo de la semana' }).waitFor();
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await box.inputValue()).toBe('');
  });

  it('chat actions show in the header until a message arrives', async () => {
    const { page } = browser;
    await bot.api.sendChatAction(tg.server.chatId, 'upload_photo');
    await page.locator('#status', { hasText: 'subiendo foto…' }).waitFor();
    await bot.api.sendMessage(tg.server.chatId, 'Listo.');
    await page.locator('#status', { hasText: 'en línea' }).waitFor();
  });

  it('the command menu sends a command; the photo arrives inline and decodes', async () => {
    const { page } = browser;
    const menuButton = page.getByRole('button', { name: 'Menú' });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const options = page.getByRole('listbox', { name: 'Comandos del bot' }).getByRole('option');
    expect(await options.allTextContents()).toEqual(ECHO_COMMANDS.map((c) => `/${c.command}${c.description}`));
    await options.filter({ hasText: '/portada' }).click();

    const img = page.locator('.msg.in .photo img').last();
    await img.waitFor();
    await page.waitForFunction(() => {
      const all = document.querySelectorAll<HTMLImageElement>('.photo img');
      const el = all[all.length - 1];
      return el !== undefined && el.complete && el.naturalWidth > 0;
    });
    expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([320, 200]);
    expect(await img.getAttribute('alt')).toBe('Portada · semana 3 · maqueta');
  });

  it('typing "/" offers commands; the episode plays in an <audio> element; the WAV downloads', async () => {
    const { page } = browser;
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await box.fill('');
    await box.pressSequentially('/epi');
    const option = page.getByRole('option', { name: /\/episodio/ });
    await option.waitFor();
    await box.press('Enter'); // picks the highlighted suggestion
    await expect.poll(() => box.inputValue()).toBe('/episodio ');
    await box.press('Enter');

    const audio = page.locator('.msg.in audio').last();
    await audio.waitFor();
    await page.waitForFunction(() => {
      const all = document.querySelectorAll<HTMLAudioElement>('audio');
      const a = all[all.length - 1];
      return a !== undefined && a.readyState >= 1 && Number.isFinite(a.duration) && a.duration > 0;
    });
    const media = await audio.evaluate((a: HTMLAudioElement) => ({ duration: a.duration, canPlay: a.canPlayType('audio/wav'), src: a.currentSrc, error: a.error }));
    expect(media.duration).toBeCloseTo(2, 1);
    expect(media.canPlay).not.toBe('');
    expect(media.error).toBeNull();
    expect(media.src).toMatch(/\/files\//);

    const link = page.getByRole('link', { name: /Descargar episodio-semana-3\.wav/ });
    await link.waitFor();
    const res = await page.request.get(new URL((await link.getAttribute('href'))!, tg.chatUrl).href);
    expect(res.headers()['content-disposition']).toMatch(/attachment/);
    expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
    await page.locator('#log').evaluate((log) => { log.scrollTop = log.scrollHeight; });
    await page.locator('#toast').waitFor({ state: 'hidden' });
    await shot('chat-portada-episodio.png');
    // Phone-sized layout: nothing wider than the screen, the page itself does not scroll (only the
    // conversation does) and the text box stays fully on screen.
    const layout = await page.evaluate(() => {
      const box = document.getElementById('text')!.getBoundingClientRect();
      const doc = document.scrollingElement!;
      // Scrolling a message into view (as focus or links do) must move the log, never the page.
      document.querySelector('.photo')!.closest('.msg')!.scrollIntoView({ block: 'start' });
      return {
        headerTop: document.querySelector('.topbar')!.getBoundingClientRect().top, overflowX: doc.scrollWidth - innerWidth, overflowY: doc.scrollHeight - innerHeight, boxBottom: box.bottom, height: innerHeight };
    });
    expect(layout.overflowX).toBeLessThanOrEqual(0);
    expect(layout.overflowY).toBeLessThanOrEqual(0);
    expect(layout.boxBottom).toBeLessThanOrEqual(layout.height);
    expect(layout.headerTop).toBe(0);
  });

  it('at phone width a row of four «Semana N» buttons stays inside the screen, a reply\'s longer placeholder shows whole, a closed question ends reply mode, a grown last message stays in view', async () => {
    const { page } = browser;
    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    // The week picker as the bot sends it: four weeks a row (a ten-week course has three rows).
    const weeks = Array.from({ length: 10 }, (_, i) => ({ text: `Semana ${i + 1}`, callback_data: `w${i + 1}` }));
    const rows = [weeks.slice(0, 4), weeks.slice(4, 8), weeks.slice(8)];
    await bot.api.sendMessage(tg.server.chatId, '¿De qué semana quieres la portada?', { reply_markup: { inline_keyboard: rows } });
    const picker = page.locator('.msg.in', { hasText: '¿De qué semana quieres la portada?' });
    await picker.getByRole('button', { name: 'Semana 10' }).waitFor();
    const widths = await picker.locator('.krow').evaluateAll((els) => els.map((r) => {
      const box = r.getBoundingClientRect();
      return { over: r.scrollWidth - r.clientWidth, right: box.right, screen: document.documentElement.clientWidth };
    }));
    expect(widths).toHaveLength(3);
    for (const w of widths) {
      expect(w.over).toBeLessThanOrEqual(0);
      expect(w.right).toBeLessThanOrEqual(w.screen);
    }
    // The first row keeps its four buttons side by side (wrapping is for rows that cannot fit).
    const tops = await picker.locator('.krow').first().getByRole('button').evaluateAll((els) => els.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    // A question answered by reply (the reason for a rejection): its placeholder is not cut off.
    await bot.api.sendMessage(tg.server.chatId, '¿Por qué lo rechazas?', { reply_markup: { force_reply: true, input_field_placeholder: 'El motivo (opcional)' } });
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await expect.poll(() => box.getAttribute('placeholder')).toBe('El motivo (opcional)');
    const fit = await box.evaluate((e: HTMLTextAreaElement) => ({ client: e.clientHeight, scroll: e.scrollHeight, width: e.clientWidth }));
    expect(fit.width).toBeLessThan(200); // on a phone the placeholder needs two lines here
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    await shot('chat-semanas-motivo.png');
    // The question closed by the bot (edited, no force_reply): the box is for messages again, and
    // the next text is not sent as a reply to the closed question.
    const asked = tg.server.history().findLast((m) => m.text === '¿Por qué lo rechazas?')!;
    await bot.api.editMessageText(tg.server.chatId, asked.message_id, 'Te pregunté por qué lo rechazabas; seguí sin motivo.');
    await expect.poll(() => box.getAttribute('placeholder')).toBe('Mensaje');
    await box.fill('/gasto');
    await box.press('Enter');
    await expect.poll(() => tg.server.history().some((m) => m.text === '/gasto')).toBe(true);
    expect(tg.server.history().findLast((m) => m.text === '/gasto')!.reply_to_message).toBeUndefined();

    // The last message grows by an edit (a card's answer and its rating buttons): a reader at the
    // end stays at the end, buttons in view.
    const card = await bot.api.sendMessage(tg.server.chatId, 'Tarjeta 1: ¿en qué año empezó la Revolución francesa?');
    await page.locator('.msg.in', { hasText: 'Tarjeta 1:' }).waitFor();
    const grown = `${card.text}\n\n${'Respuesta: en 1789, con los Estados Generales. '.repeat(12)}`;
    const rating = [[{ text: 'Otra vez', callback_data: 'r1' }, { text: 'Difícil', callback_data: 'r2' }], [{ text: 'Bien', callback_data: 'r3' }, { text: 'Fácil', callback_data: 'r4' }], [{ text: 'Terminar', callback_data: 'r5' }]];
    await bot.api.editMessageText(tg.server.chatId, card.message_id, grown, { reply_markup: { inline_keyboard: rating } });
    await page.getByRole('button', { name: 'Terminar' }).waitFor();
    await expect.poll(() => page.locator('#log').evaluate((l) => l.scrollHeight - l.scrollTop - l.clientHeight)).toBeLessThan(2);
  });

  it('monospace text is copied with a tap and fills an empty message box, as a note to correct needs', async () => {
    const { page } = browser;
    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    const note = 'El ciclo de Carnot tiene dos isotermas y dos adiabáticas.';
    const lead = 'Este es el texto que tiene ahora (tócalo para copiarlo):\n';
    await bot.api.sendMessage(tg.server.chatId, `${lead}${note}`, { entities: [{ type: 'code', offset: lead.length, length: note.length }] });
    const code = page.locator('.msg.in code', { hasText: note });
    await code.click();
    const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
    await expect.poll(() => box.inputValue()).toBe(note);
    await page.getByRole('status').filter({ hasText: 'Copiado' }).waitFor();
    // A box already holding words is not overwritten.
    await box.fill('mi corrección');
    await code.click();
    expect(await box.inputValue()).toBe('mi corrección');
    await box.fill('');
  });

  it('when the page cannot reach the bot, the toast says so in Spanish, not the browser\'s «Failed to fetch» (issue 28)', async () => {
    const { page } = browser;
    await page.goto(tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    // A real network failure in the browser: the request never reaches the page server.
    await page.route('**/api/messages', (route) => route.abort('failed'));
    try {
      const box = page.getByRole('textbox', { name: 'Mensaje para el bot' });
      await box.fill('hola');
      await box.press('Enter');
      const toast = page.locator('#toast');
      await toast.waitFor({ state: 'visible' });
      expect(await toast.innerText()).toBe('No llego al bot: comprueba que sigue en marcha donde lo arrancaste y vuelve a intentarlo.');
    } finally {
      await page.unroute('**/api/messages');
    }
  });
});
