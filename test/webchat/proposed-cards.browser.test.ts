/**
 * A week's cards in the local chat page at phone width (390×844), real headless Chromium, the real
 * bot and agent behind the embedded Bot API, the model a script that proposes five cards for week 3
 * (issue 27 §3): the approval the page shows gives nothing away — no card's question holds another
 * card's answer — and its buttons fit the phone; ✅ and 🗑 from the page, then «Guardar»; /tarjetas
 * lists the saved questions, none holding an answer of its week. With SCREENSHOTS=1 it saves
 * docs/img/chat-tarjetas-propuestas.png for the README.
 */
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchChromium, skipBrowserTests, type LaunchedBrowser, sendText } from '../support/browser.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';

const shotsDir = process.env.SCREENSHOTS === '1' ? path.resolve('docs/img') : undefined;
const SCRIPT = path.resolve('test/fixtures/scripts/semana3-propuestas.json');
const RUN_TIMEOUT_MS = 120_000;
const low = (s: string) => s.toLocaleLowerCase('es');

/** The cards as an approval's text lists them: «n. mark question» then «→ answer». */
function cardsIn(text: string): Array<{ pregunta: string; respuesta: string }> {
  const out: Array<{ pregunta: string; respuesta: string }> = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const q = /^\d+\. \S+ (.+)$/.exec(line);
    const a = /^\s*→ (.+)$/.exec(lines[i + 1] ?? '');
    if (q && a) out.push({ pregunta: q[1]!, respuesta: a[1]! });
  });
  return out;
}

describe.skipIf(skipBrowserTests())('a week\'s proposed cards in the local chat at phone width', () => {
  let chat: LocalChat;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    chat = await startLocalChat('webchat-propuestas-', 1, { CUADERNO_MODELO: `script:${SCRIPT}` });
    browser = await launchChromium(PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await chat?.close();
  });

  const send = sendText;
  const tap = async (msg: Locator, name: string) => {
    const b = msg.getByRole('button', { name, exact: true });
    await b.click();
  };

  it('the approval gives nothing away and fits the phone; keep, drop, save; /tarjetas neither', async () => {
    const { page } = browser;
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await page.goto(chat.tg.chatUrl);
    await page.waitForSelector('body[data-ready="true"]');
    await send(page, 'prepara la semana 3');

    const proposal = page.locator('.msg.in', { hasText: /🃏 Te propongo 5 tarjetas/ });
    await proposal.waitFor({ timeout: RUN_TIMEOUT_MS });
    const shown = cardsIn((await proposal.innerText()));
    expect(shown.map((c) => c.respuesta)).toEqual(['Renacimiento', 'perspectiva', 'impresionismo', 'pinceladas sueltas', 'cubismo']);
    for (const a of shown) for (const b of shown) expect(low(a.pregunta), `«${a.pregunta}» delata «${b.respuesta}»`).not.toContain(low(b.respuesta));
    // Every button inside the phone's width.
    for (const box of await proposal.getByRole('button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number }))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }

    await tap(proposal, '✅ 1');
    await proposal.filter({ hasText: /1\. ✅/ }).waitFor({ timeout: RUN_TIMEOUT_MS });
    await tap(proposal, '🗑 5');
    const save = proposal.getByRole('button', { name: '💾 Guardar 4 tarjetas' });
    await save.waitFor({ timeout: RUN_TIMEOUT_MS });
    if (shotsDir) {
      await proposal.scrollIntoViewIfNeeded();
      await page.locator('#toast').waitFor({ state: 'hidden' });
      await page.screenshot({ path: path.join(shotsDir, 'chat-tarjetas-propuestas.png') });
    }
    await save.click();
    await page.locator('.msg.in', { hasText: /💾 Guardé 4 tarjetas en tu mazo/ }).waitFor({ timeout: RUN_TIMEOUT_MS });

    await send(page, '/tarjetas');
    const list = page.locator('.msg.in', { hasText: /De las 5 tarjetas que te propuse/ });
    await list.waitFor({ timeout: RUN_TIMEOUT_MS });
    const deck = await chat.notebook.cards.list();
    expect(deck).toHaveLength(4);
    const text = await list.innerText();
    for (const c of deck) {
      // The list cuts long questions: their start is what the page shows.
      expect(text).toContain(c.pregunta.slice(0, 60));
      for (const other of deck) expect(low(c.pregunta)).not.toContain(low(other.respuesta));
    }
    // The deck list shows questions only: no answer of the week appears anywhere in it.
    for (const c of deck) expect(low(text), `/tarjetas delata «${c.respuesta}»`).not.toContain(low(c.respuesta));
  }, 3 * RUN_TIMEOUT_MS);
});
