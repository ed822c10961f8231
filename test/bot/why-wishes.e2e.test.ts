/**
 * Issue 46, «Why» — «understood but not done»: each phrase a student tried gets the thing itself,
 * through the embedded Bot API with the whole bot and agent in this process, never «escribe /…»,
 * never the menu: the review, the export, the reminder (one tap), the spend, the run's status in
 * words, a question to the notes (and a plain «no» when they hold nothing), and a request that found
 * another run going starts once that run is discarded, without typing it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { openNotebook } from '../../src/store/index.js';
import { BUTTONS, S } from '../../src/strings/chat.js';
import { InProcessChat } from '../support/in-process-chat.js';

let chat: InProcessChat;
const QUESTION = '¿Qué técnica de luz usó el barroco para dramatizar la escena?';
beforeAll(async () => {
  chat = await InProcessChat.start({ prefix: 'cv-why-46-' });
  const notebook = await openNotebook(chat.dataDir);
  const [note] = await notebook.notes.list();
  await notebook.cards.append([{ id_nota: note!.id, tipo: 'definicion', pregunta: QUESTION, respuesta: 'El claroscuro' }]);
});
afterAll(async () => chat?.close());

const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined }));
const textOf = (m: Message) => m.text ?? m.caption ?? '';

async function ask(text: string): Promise<Message[]> {
  const before = chat.history().at(-1)?.message_id ?? 0;
  chat.say(text);
  await chat.settle();
  return chat.history().filter((m) => m.message_id > before && fromBot(m));
}

/** Nothing of what the student was told points at a command to type instead, or shows the menu. */
const notDone = (sent: Message[]) => sent.map(textOf).filter((t) => /escribe \/|¿Qué quieres hacer\?/.test(t));

describe('the phrases of issue 46 do the thing', () => {
  it.each(['repasemos un poco', 'vamos a repasar', 'toca repasar', 'hazme preguntas'])('«%s» shows the card to review', async (text) => {
    const sent = await ask(text);
    expect(notDone(sent)).toEqual([]);
    expect(sent.map(textOf).join('\n')).toContain(QUESTION);
  });

  it.each(['exporta mis tarjetas', 'mándame mis tarjetas para anki'])('«%s» sends the deck as a file', async (text) => {
    const sent = await ask(text);
    expect(notDone(sent)).toEqual([]);
    expect(sent.filter((m) => m.document !== undefined)).toHaveLength(1);
  });

  it('«recuérdame repasar cada día a las 9» is set after one tap', async () => {
    const [asked, ...more] = await ask('recuérdame repasar cada día a las 9');
    expect(more).toEqual([]);
    expect(notDone([asked!])).toEqual([]);
    const madrid = buttonsOf(asked!).find((b) => b.text === 'Madrid')!;
    chat.tap(asked!.message_id, madrid.data!);
    await chat.settle();
    expect((await (await openNotebook(chat.dataDir)).reviews.read()).recordatorio.hora).toBe('09:00');
  });

  it('«de qué va la nota del impresionismo» quotes the note', async () => {
    const sent = await ask('de qué va la nota del impresionismo');
    expect(sent.map(textOf).join('\n')).toMatch(/Esto dicen tus notas sobre «impresionismo»/);
  });

  it('«y el presupuesto qué tal?» says the month’s spend', async () => {
    const [only, ...more] = await ask('y el presupuesto qué tal?');
    expect(more).toEqual([]);
    expect(textOf(only!)).toMatch(/^📅 Gasto de este mes/);
  });

  it('«busca notas sobre zorro» says plainly there is nothing about it', async () => {
    const [only, ...more] = await ask('busca notas sobre zorro');
    expect(more).toEqual([]);
    expect(textOf(only!)).toMatch(/^No tengo nada sobre «zorro» en tus notas\./);
  });

  it.each(['hola', 'buenas tardes'])('«%s» gets one line', async (text) => {
    const [only, ...more] = await ask(text);
    expect(more).toEqual([]);
    expect(textOf(only!).split('\n')).toHaveLength(1);
  });

  it('«borra la nota 29, está mal leída» is about note 29 alone, never all the data', async () => {
    const sent = await ask('borra la nota 29, está mal leída');
    const said = sent.map(textOf).join('\n');
    expect(said).toMatch(/nota 29/);
    expect(said).not.toMatch(/todos tus datos/);
    expect(sent.flatMap(buttonsOf).map((b) => b.text)).not.toContain(BUTTONS.confirmDeleteMine);
  });

  it('after Rechazar, «qué tengo sobre el cubismo?» is answered as a question, not taken as the reason', async () => {
    const [first] = await ask('narra la semana 3');
    const approval = [first!, ...chat.history()].reverse().find((m) => fromBot(m) && buttonsOf(m).some((b) => b.text === BUTTONS.reject))!;
    chat.tap(approval.message_id, buttonsOf(approval).find((b) => b.text === BUTTONS.reject)!.data!);
    await chat.settle();
    const question = chat.history().reverse().find((m) => fromBot(m) && textOf(m) === S.reasonAsk())!;
    const before = chat.history().at(-1)!.message_id;
    chat.say('qué tengo sobre el cubismo?', question.message_id);
    await chat.settle();
    const sent = chat.history().filter((m) => m.message_id > before && fromBot(m));
    expect(sent.map(textOf).join('\n')).toMatch(/«cubismo»/);
    expect(sent.map(textOf)).not.toContain(S.reasonThanks());
    // The question stays answerable: a later reply to it is the reason.
    chat.say('hoy no quiero audio', question.message_id);
    await chat.settle();
    expect(chat.history().filter(fromBot).map(textOf)).toContain(S.reasonThanks());
    await chat.cb.runs.idle();
  });

  it('«qué está pasando con lo mío» says the run’s state in words; «I need week 4» starts once the open run is discarded', async () => {
    await ask('prepara la semana 2');
    const [status] = await ask('qué está pasando con lo mío');
    expect(textOf(status!)).toMatch(/^⏸ Esperando tu respuesta: «prepara la semana 2»/);

    const [busy] = await ask('I need week 4');
    expect(textOf(busy!)).toMatch(/^Todavía tengo a medias «prepara la semana 2».*empiezo «I need week 4»/s);
    const discard = buttonsOf(busy!).find((b) => b.text === BUTTONS.discardRun)!;
    chat.tap(busy!.message_id, discard.data!);
    await chat.settle();
    // The discarded run closed, and the one asked for is under way without typing it again.
    const run = chat.cb.runs.current(chat.chatId);
    expect(run?.text).toBe('I need week 4');
    const approvals = chat.history().filter((m) => fromBot(m) && buttonsOf(m).some((b) => b.text === BUTTONS.approve));
    expect(textOf(approvals.at(-1)!)).toMatch(/semana 4/);
    expect(chat.history().filter((m) => fromBot(m) && textOf(m) === S.handlerFailed())).toEqual([]);
  });
});
