/**
 * The gate (bot/gate.ts) through the real bot and agent behind the embedded Bot API, in single-owner
 * mode with two allowed people — the owner (the page's user, the first allowed id) and Bea — and Eve,
 * whom the bot does not allow. Eve's taps land on messages of the owner's chat, which both see: what
 * happens in a group. Every test waits for the bot to have handled everything (`settle`), then
 * checks that nothing changed: not the chat (no message, no edit), not the notebook.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message, User } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { S } from '../../src/strings/chat.js';
import { GATE } from '../../src/strings/gate.js';
import { InProcessChat } from '../support/in-process-chat.js';
import { NOTAS } from './material-support.js';
import { textPdf } from '../support/material-fixtures.js';
import { startTranscriptionServer, type TranscriptionServer } from '../support/transcription-server.js';
import { spokenMemo } from '../support/voice-fixture.js';

const BEA = { id: 7_100_002, first_name: 'Bea' };
const EVE = { id: 7_100_666, first_name: 'Eve' };
const BIO = new URL('../fixtures/syllabi/biologia-celular.txt', import.meta.url);
const SCRIPT = path.resolve('test/fixtures/scripts/semana3-propuestas.json');
const SAID = 'El impresionismo pintó la luz y el color al aire libre, con pinceladas sueltas y sin contornos.';

let chat: InProcessChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const open = (env: Record<string, string> = {}) => InProcessChat.start({ prefix: 'cv-gate-', personas: [BEA, EVE], alsoAllowed: [BEA.id], env });
const person = (c: InProcessChat, who: { id: number }): User => c.tg.server.persona(who.id)!;
const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat() as Array<{ text: string; callback_data?: string }>;
const data = (m: Message, label: RegExp) => {
  const b = buttonsOf(m).find((x) => label.test(x.text));
  if (!b?.callback_data) throw new Error(`no button ${String(label)} on «${m.text}»`);
  return b.callback_data;
};
const lastBot = (c: InProcessChat, pick: (m: Message) => boolean, chatId = c.chatId) => c.tg.server.history(chatId).filter((m) => fromBot(m) && pick(m)).at(-1);
const answerOf = (c: InProcessChat, queryId: string) => c.tg.server.requests.find((r) => r.method.toLowerCase() === 'answercallbackquery' && String(r.params.callback_query_id) === queryId);

/**
 * `as` taps the button `callbackData` on `m`; the bot answers `sentence` in an alert and nothing
 * else: the chat is as it was (no message, no edit). `chatId`: the chat the message is in.
 */
async function refusedTap(c: InProcessChat, m: Message, callbackData: string, as: User, sentence: string, chatId = c.chatId): Promise<void> {
  const before = JSON.stringify(c.tg.server.history(chatId));
  const id = c.tap(m.message_id, callbackData, as, chatId);
  await c.settle();
  // Soft: every kind a test taps is checked and reported, not only the first that fails.
  expect.soft(JSON.stringify(c.tg.server.history(chatId)), `${callbackData} changed the chat`).toBe(before);
  expect.soft(answerOf(c, id)?.params, `the answer to ${callbackData}`).toMatchObject({ text: sentence });
  expect.soft(String(answerOf(c, id)?.params.show_alert), `the answer to ${callbackData} is an alert`).toBe('true');
}

describe('a tap by someone the bot does not allow has no effect', () => {
  it('an import\'s Guardar, a course proposal\'s Usar and «es material», an approval\'s Aprobar, a paste\'s offer and a WAV', async () => {
    chat = await open();
    const c = chat;
    const eve = person(c, EVE);
    const notebook = await openNotebook(c.dataDir);
    const notes = () => notebook.notes.list();
    const before = (await notes()).length;

    // An import: Eve's [✅ Guardar] saves nothing; the owner's own tap still does.
    await c.sendFile(Buffer.from(await textPdf(NOTAS)), 'Tema 4.pdf', 'document');
    await c.settle();
    const proposal = lastBot(c, (m) => (m.text ?? '').startsWith('De «'))!;
    await refusedTap(c, proposal, data(proposal, /Guardar/), eve, S.tapNotYours());
    // Bea may use the bot, but this import is the owner's request: not hers to save either.
    await refusedTap(c, proposal, data(proposal, /Guardar/), person(c, BEA), S.tapNotYours());
    expect.soft((await notes()).length, 'notes after Eve\'s and Bea\'s Guardar').toBe(before);
    c.tap(proposal.message_id, data(proposal, /Guardar/));
    await c.settle();
    expect((await notes()).length).toBe(before + 3);

    // A syllabus: Eve's [✅ Usar este curso] and [Es material] change nothing.
    await c.sendFile(await readFile(BIO), 'programa.txt', 'document');
    await c.settle();
    const syllabus = lastBot(c, (m) => (m.text ?? '').startsWith('📚 He leído un temario'))!;
    await refusedTap(c, syllabus, data(syllabus, /Usar este curso/), eve, S.tapNotYours());
    await refusedTap(c, syllabus, data(syllabus, /material/i), eve, S.tapNotYours());
    expect.soft(await notebook.course.read(), 'the course after Eve\'s taps').toBeNull();

    // An approval: Eve's [Aprobar] decides nothing (the run still waits for the owner).
    c.say('haz la portada de la semana 2');
    await c.settle();
    const approval = lastBot(c, (m) => buttonsOf(m).some((b) => /Aprobar/.test(b.text)))!;
    await refusedTap(c, approval, data(approval, /^✅ Aprobar$/), eve, S.tapNotYours());
    c.say('/cancelar');
    await c.settle();

    // A long paste: Eve's [Guardar como nota] keeps nothing.
    c.say('La fuga desarrolla un sujeto en varias voces que entran una tras otra. '.repeat(57).trim());
    await c.settle();
    const offer = lastBot(c, (m) => buttonsOf(m).some((b) => b.callback_data?.startsWith('pg:')))!;
    await refusedTap(c, offer, buttonsOf(offer).find((b) => b.callback_data?.startsWith('pg:'))!.callback_data!, eve, S.tapNotYours());

    // [Descargar WAV] (a notebook's file, anyone allowed's): not Eve's either.
    await refusedTap(c, offer, 'wav:2', eve, S.tapNotYours());
    expect((await notes()).length).toBe(before + 3);
  }, 120_000);

  it('cards a model proposed: Eve\'s ✅ and 💾 Guardar change nothing', async () => {
    chat = await open({ CUADERNO_MODELO: `script:${SCRIPT}` });
    const c = chat;
    c.say('prepara la semana 3');
    await c.settle();
    const proposal = lastBot(c, (m) => (m.text ?? '').startsWith('🃏 Te propongo'))!;
    await refusedTap(c, proposal, data(proposal, /^✅ 1$/), person(c, EVE), S.tapNotYours());
    await refusedTap(c, proposal, data(proposal, /Guardar/), person(c, EVE), S.tapNotYours());
    expect.soft(await (await openNotebook(c.dataDir)).cards.list(), 'the deck after Eve\'s taps').toEqual([]);
  }, 120_000);
});

describe('a kept voice memo', () => {
  let server: TranscriptionServer;
  let ogg: Buffer;
  beforeAll(async () => {
    ogg = (await spokenMemo(SAID)).ogg;
    server = await startTranscriptionServer(SAID, 'error500');
  });
  afterAll(() => server.close());

  it('Eve\'s [🎙️ Transcribir ahora] transcribes nothing', async () => {
    chat = await open({ TRANSCRIPCION_URL: server.url });
    const c = chat;
    await c.sendFile(ogg, 'voice.ogg', 'voice');
    await c.settle();
    const kept = lastBot(c, (m) => buttonsOf(m).some((b) => b.callback_data?.startsWith('voz:')))!;
    // The engine answers now: a tap that got through would transcribe the memo.
    server.answer = 'verbose_json';
    const calls = server.requests.length;
    await refusedTap(c, kept, data(kept, /Transcribir/), person(c, EVE), S.tapNotYours());
    expect.soft(server.requests.length, 'transcriptions asked after Eve\'s tap').toBe(calls);
  }, 120_000);
});

describe('buttons no kind declares, and notebook-wide actions of a second allowed person', () => {
  it('a tap whose data no button kind reads is refused in one sentence, and nothing changes', async () => {
    chat = await open();
    const c = chat;
    c.say('/ayuda');
    await c.settle();
    const help = lastBot(c, () => true)!;
    await refusedTap(c, help, 'zz:borra-todo', c.tg.server.user, GATE.tapUnknown());
  });

  it('Bea cannot erase the owner\'s notebook, by command, in words or by a button, nor replace the course', async () => {
    chat = await open();
    const c = chat;
    const bea = person(c, BEA);
    const notebook = await openNotebook(c.dataDir);
    const notes = () => notebook.notes.list();
    c.say('/nota biología: la mitocondria produce la energía de la célula');
    await c.settle();
    const before = await notes();
    expect(before.some((n) => /mitocondria/.test(n.texto))).toBe(true);

    for (const asked of ['/borrar_mis_datos', 'borra mis datos', '/borrar']) {
      c.say(asked, undefined, bea);
      await c.settle();
      const answer = lastBot(c, () => true, bea.id)!;
      expect.soft(answer.text, `the answer to Bea's «${asked}»`).toBe(GATE.ownerOnly());
      expect.soft(buttonsOf(answer)).toEqual([]);
    }
    // A «Sí, bórralo todo» in her name (an old question, or forged) is refused: the owner's notes stay.
    const last = lastBot(c, () => true, bea.id)!;
    await refusedTap(c, last, `bd:si:${bea.id}`, bea, GATE.ownerOnly(), bea.id);
    expect.soft(await notes(), 'the owner\'s notes after Bea\'s «Sí, bórralo todo»').toEqual(before);

    // Her own syllabus proposal: «Usar este curso» would replace the owner's course.
    await c.sendFile(await readFile(BIO), 'programa.txt', 'document', bea);
    await c.settle();
    const syllabus = lastBot(c, (m) => (m.text ?? '').startsWith('📚 He leído un temario'), bea.id)!;
    await refusedTap(c, syllabus, data(syllabus, /Usar este curso/), bea, GATE.ownerOnly(), bea.id);
    c.say('/curso semana 2 Otra cosa', undefined, bea);
    await c.settle();
    expect.soft(lastBot(c, () => true, bea.id)!.text).toBe(GATE.ownerOnly());
    expect.soft(await notebook.course.read(), 'the course after Bea\'s taps').toBeNull();

    // The owner still can.
    c.say('/borrar_mis_datos');
    await c.settle();
    expect(buttonsOf(lastBot(c, () => true)!).map((b) => b.text)).toHaveLength(2);
  });
});
