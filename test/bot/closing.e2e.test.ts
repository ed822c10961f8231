/**
 * One closing message per run (issue 28, item 2), end to end: our bot ↔ the embedded Bot API
 * emulator ↔ the real agent with the offline planner, in a temp data dir. After «prepara la semana
 * 3» and its approvals, exactly one closing message arrives below the cover and the episode, with
 * [🃏 Tarjetas] and [📊 Cronograma]; the cards list and the chart come only when tapped, and both
 * buttons still answer after the bot restarts (what they show is read from disk).
 */
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, button, real, until } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const CARDS_LIST = /^🃏 Tus tarjetas de este trabajo \((\d+)\)/;

describe('the closing message of a run', () => {
  it('is one message with two buttons; cards and chart only after their tap, also after a restart', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    const photos = () => stack!.h.uploads.filter((u) => u.chatId === OWNER && u.method === 'sendPhoto');
    const charts = () => photos().filter((u) => /^Cronograma/.test(String(u.fields.caption)));

    await owner.say('prepara la semana 3');
    const { report, approvals } = await answerUntilReport(owner, () => 'Aprobar');
    expect(approvals).toHaveLength(2);
    await stack.cb.runs.idle();

    const msgs = await owner.messages();
    // Exactly one closing message; no cards list, no chart, no second summary sent unasked.
    expect(msgs.filter((m) => m.text.startsWith('📋 Informe'))).toHaveLength(1);
    expect(msgs.filter((m) => CARDS_LIST.test(m.text))).toEqual([]);
    expect(charts()).toEqual([]);
    expect(msgs.filter((m) => /💵/.test(m.text))).toHaveLength(1);
    expect(msgs.find((m) => m.text.startsWith('✅ Terminado'))!.text).toBe('✅ Terminado: «prepara la semana 3» — el resumen va abajo');
    // The closing message is the last message; the cover and the episode came as media.
    expect(msgs.at(-1)!.messageId).toBe(report.messageId);
    expect(photos().map((u) => u.fields.caption)).toEqual(['Portada · Semana 3 · Historia del arte']);
    expect(stack.h.uploads.filter((u) => u.chatId === OWNER && u.method === 'sendAudio')).toHaveLength(1);

    expect(report.text).toMatch(/^📋 Informe · «prepara la semana 3»\n\n✅ Tarjetas de repaso: 3 nuevas\n✅ Portada\n✅ Narración\n\n⏱ /);
    expect(report.text).toMatch(/💵 Coste de este trabajo: 0,00 USD \(estimación: sin conexión no se cobra nada\)\./);
    expect(report.text).not.toMatch(/tokens/);
    expect(report.buttons.map((b) => b.text)).toEqual(['🃏 Tarjetas', '📊 Cronograma']);
    for (const b of report.buttons) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);

    // 🃏 Tarjetas: the run's cards, as they are in the deck.
    const deck = (await stack.notebook.cards.list()).map((c) => c.id);
    await owner.press(report.messageId, button(report, /Tarjetas/));
    const list = await owner.waitText(CARDS_LIST);
    expect(Number(CARDS_LIST.exec(list.text)![1])).toBe(deck.length);
    for (const id of deck) expect(list.text).toMatch(new RegExp(`\\n${id}\\. `));
    expect(charts()).toEqual([]); // the cards' tap sends no chart

    // 📊 Cronograma: the run's chart, drawn now.
    await owner.press(report.messageId, button(report, /Cronograma/));
    await until(async () => charts().length === 1);
    expect(PNG.sync.read(await readFile(charts()[0]!.file)).width).toBeGreaterThan(100);

    // After a restart both buttons still answer (the run id is in their data, the rest on disk).
    await stack.restart(await real(stack.config));
    const listsBefore = (await owner.messages()).filter((m) => CARDS_LIST.test(m.text)).length;
    await owner.press(report.messageId, button(report, /Tarjetas/));
    await owner.waitFor('the cards list again', (m) => m.filter((x) => CARDS_LIST.test(x.text)).length === listsBefore + 1 || undefined);
    await owner.press(report.messageId, button(report, /Cronograma/));
    await until(async () => charts().length === 2);
    const answers = stack.h.answers.filter((a) => a.fromId === OWNER && /^cl:/.test(a.data ?? ''));
    expect(answers.map((a) => a.showAlert)).toEqual([false, false, false, false]);
  }, 180_000);

  it('a button whose run left nothing on disk says in one sentence that it no longer works', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('hola');
    const hello = await owner.waitText(/Hola/);
    await owner.press(hello.messageId, 'cl:g:tg101-nada-000000');
    await until(async () => stack!.h.answers.some((a) => a.data === 'cl:g:tg101-nada-000000'));
    const answer = stack.h.answers.find((a) => a.data === 'cl:g:tg101-nada-000000')!;
    expect(answer.showAlert).toBe(true);
    expect(answer.text).toMatch(/^Este botón ya no sirve/);
    expect(stack.h.uploads.filter((u) => u.chatId === OWNER)).toEqual([]);
  });
});
