/**
 * Through the chat, on the student's own course (not the demo's) whose notes were imported for
 * week 1 only: work asked of week 2 is answered at once in one message — week 2 has no notes yet,
 * and how to add them — with no approval asked, no card made (not even from week 1's note that
 * shares week 2's words), no tool run and nothing spent. A cover was asked too: the one button under
 * the message makes it alone, and its approval says it is drawn from the week's title only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { openNotebook } from '../../src/store/index.js';
import type { Notebook } from '../../src/store/types.js';
import { BUTTONS, S } from '../../src/strings/chat.js';
import { InProcessChat } from '../support/in-process-chat.js';
import { BIOLOGY, WEEK_1_NOTES, WEEK_2_TITLE } from '../support/empty-week-course.js';

let chat: InProcessChat;
let notebook: Notebook;
beforeAll(async () => {
  chat = await InProcessChat.start({ prefix: 'cv-empty-week-', notes: [] });
  // A second handle on the chat's own files (writes are atomic and serialised per file).
  notebook = await openNotebook(chat.dataDir);
  await notebook.course.write(BIOLOGY);
  for (const n of WEEK_1_NOTES) await notebook.notes.add(n.tema, n.texto, n.semana);
});
afterAll(async () => chat?.close());

const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined }));
const isApproval = (m: Message) => /^🔐/.test(m.text ?? '') || buttonsOf(m).some((b) => b.text === BUTTONS.approve);

/** The person writes `text`; once the bot has handled it (and any run ended or paused), what the bot sent after it. */
async function ask(text: string): Promise<Message[]> {
  const before = chat.history().at(-1)?.message_id ?? 0;
  chat.say(text);
  await chat.settle();
  return chat.history().filter((m) => m.message_id > before && fromBot(m));
}

describe('work asked of a week with no notes yet', () => {
  it('«narra la semana 2»: one message saying so, no approval, nothing run or spent', async () => {
    const sent = await ask('narra la semana 2');
    expect(sent.map((m) => m.text)).toEqual([S.emptyWeek(2, WEEK_2_TITLE, ['narracion'])]);
    expect(buttonsOf(sent[0]!)).toEqual([]);
    expect(await notebook.audit.list()).toEqual([]);
    expect(await notebook.usage.list()).toEqual([]);
    expect(chat.cb.runs.current(chat.chatId)).toBeUndefined();
  });

  it.each(['prepara la semana 2', 'y la semana 2?', '/semana 2'])('«%s»: no card from week 1\'s notes, no approval, the cover offered alone', async (text) => {
    const sent = await ask(text);
    expect(sent.map((m) => m.text)).toEqual([S.emptyWeek(2, WEEK_2_TITLE, ['tarjetas', 'narracion'], 'boton')]);
    expect(buttonsOf(sent[0]!)).toEqual([{ text: BUTTONS.coverOnly, data: 'qr:c:2' }]);
    expect(sent.filter(isApproval)).toEqual([]);
    expect(await notebook.cards.list()).toEqual([]);
    expect(await notebook.audit.list()).toEqual([]);
    expect(await notebook.usage.list()).toEqual([]);
  });

  it('the button makes the cover alone: its approval says it comes from the title only, and nothing else is asked or made', async () => {
    const offer = chat.history().filter(fromBot).at(-1)!;
    const last = chat.history().at(-1)!.message_id;
    chat.tap(offer.message_id, 'qr:c:2');
    await chat.settle();
    const approvals = chat.history().filter((m) => m.message_id > last && isApproval(m));
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.text).toMatch(/portada de la semana 2 solo con el título de la semana, porque aún no tiene notas/);
    chat.tap(approvals[0]!.message_id, buttonsOf(approvals[0]!).find((b) => b.text === BUTTONS.approve)!.data!);
    await chat.settle();
    const after = chat.history().filter((m) => m.message_id > last);
    expect(after.filter(isApproval)).toHaveLength(1);
    expect(after.some((m) => m.photo !== undefined || m.document !== undefined)).toBe(true);
    const ran = (await notebook.audit.list()).filter((e) => e.event === 'resultado').map((e) => e.tool);
    expect(ran).toContain('generar_portada');
    expect(ran).not.toContain('narrar_resumen');
    expect(ran).not.toContain('crear_tarjetas');
    expect(await notebook.cards.list()).toEqual([]);
  });
});
