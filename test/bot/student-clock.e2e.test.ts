/**
 * The student's clock and the reminder asked for in words (issue 46, items 4 and 6), through the
 * embedded Bot API with the whole bot in this process:
 * - on Telegram (no browser tells a zone) «recuérdame repasar cada día a las 9» asks the zone once,
 *   with the common cities as buttons; one tap keeps the zone and sets the reminder; the next
 *   reminder is a proposal with one confirming button, never the zone again; a typed IANA name works too;
 * - on the local page, whose browser told its zone, the proposal names that zone at once, and an
 *   approval's «Aprobado … a las HH:MM» is the time on the student's own clock;
 * - no «hora universal» (nor «UTC») is shown, even when the configured zone is UTC.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from 'grammy/types';
import { openNotebook } from '../../src/store/index.js';
import { clockTimeIn } from '../../src/bot/student-clock.js';
import { CLOCK, COMMON_ZONES } from '../../src/strings/clock.js';
import { BUTTONS } from '../../src/strings/chat.js';
import { InProcessChat } from '../support/in-process-chat.js';

let chat: InProcessChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const fromBot = (m: Message) => m.from?.is_bot === true;
const buttonsOf = (m: Message) => (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined }));

async function ask(c: InProcessChat, text: string): Promise<Message[]> {
  const before = c.history().at(-1)?.message_id ?? 0;
  c.say(text);
  await c.settle();
  return c.history().filter((m) => m.message_id > before && fromBot(m));
}

async function tap(c: InProcessChat, m: Message, data: string): Promise<Message> {
  c.tap(m.message_id, data);
  await c.settle();
  return c.history().find((x) => x.message_id === m.message_id)!;
}

const reminderOf = async (c: InProcessChat) => (await (await openNotebook(c.dataDir)).reviews.read()).recordatorio;
const noUniversal = (c: InProcessChat) => c.history().filter(fromBot).map((m) => m.text ?? m.caption ?? '').filter((t) => /hora universal|\bUTC\b/i.test(t));

describe('on Telegram: the first reminder asks the zone once', () => {
  it('«recuérdame repasar cada día a las 9» → the cities; one tap keeps Madrid and sets 09:00; the next reminder is one tap, no zone asked', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-clock-tg-', env: { ZONA_HORARIA: 'UTC' } });
    const [question, ...more] = await ask(chat, 'recuérdame repasar cada día a las 9');
    expect(more).toEqual([]);
    expect(question!.text).toBe(CLOCK.askZone('09:00'));
    const buttons = buttonsOf(question!);
    expect(buttons.map((b) => b.text)).toEqual(COMMON_ZONES.map((z) => CLOCK.zoneButton(z)));
    expect(buttons.map((b) => b.text)).toEqual(expect.arrayContaining(['Madrid', 'Canarias', 'Ciudad de México', 'Bogotá', 'Buenos Aires']));

    const answered = await tap(chat, question!, buttons.find((b) => b.text === 'Madrid')!.data!);
    expect(answered.text).toBe('🔔 Hecho: te recordaré tus repasos cada día a las 09:00 (hora de Madrid), solo si tienes tarjetas pendientes.');
    expect(buttonsOf(answered)).toEqual([]);
    expect(await reminderOf(chat)).toMatchObject({ hora: '09:00', zona: 'Europe/Madrid', chat: chat.chatId });
    // The reminder goes at 09:00 in Madrid (08:00 on the machine's UTC clock in December), not at 09:00 UTC.
    expect(await chat.cb.reminders.tick(new Date('2026-12-07T07:59:00Z'))).toBe('early');
    expect(await chat.cb.reminders.tick(new Date('2026-12-07T08:01:00Z'))).toBe('nothing-due');

    // Asked once: the next wish is the proposal with its one confirming button.
    const [proposal, ...rest] = await ask(chat, 'mejor recuérdame repasar a las 21:30');
    expect(rest).toEqual([]);
    expect(proposal!.text).toBe(CLOCK.propose('21:30', 'Europe/Madrid', false));
    expect(buttonsOf(proposal!)).toEqual([{ text: CLOCK.confirmButton, data: 'rw:s:2130' }, { text: CLOCK.cancelButton, data: 'rw:n' }]);
    expect((await reminderOf(chat)).hora).toBe('09:00');
    const set = await tap(chat, proposal!, 'rw:s:2130');
    expect(set.text).toBe(CLOCK.set('21:30', 'Europe/Madrid'));
    expect((await reminderOf(chat)).hora).toBe('21:30');

    // /recordatorios says the same hour in the student's zone.
    const [status] = await ask(chat, '/recordatorios');
    expect(status!.text).toMatch(/a las 21:30 \(hora de Madrid\)/);
    expect(noUniversal(chat)).toEqual([]);
  });

  it('a typed IANA name answers the question; «no me recuerdes más» turns it off at once', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-clock-typed-', env: { ZONA_HORARIA: 'UTC' } });
    const [question] = await ask(chat, 'avísame todos los días a las 8 de la tarde para repasar');
    expect(question!.text).toBe(CLOCK.askZone('20:00'));
    const [unknown] = await ask(chat, 'Europe/Atlantida');
    expect(unknown!.text).toBe(CLOCK.zoneUnknown('Europe/Atlantida'));
    const [done] = await ask(chat, 'America/Lima');
    expect(done!.text).toBe(CLOCK.set('20:00', 'America/Lima'));
    expect(await reminderOf(chat)).toMatchObject({ hora: '20:00', zona: 'America/Lima' });
    const [off] = await ask(chat, 'no me recuerdes más');
    expect(off!.text).toMatch(/ya no te recordaré/);
    expect((await reminderOf(chat)).hora).toBeNull();
    // A declined proposal sets nothing.
    const [proposal] = await ask(chat, 'recuérdame repasar cada día a las 7');
    const declined = await tap(chat, proposal!, 'rw:n');
    expect(declined.text).toBe(CLOCK.declined());
    expect((await reminderOf(chat)).hora).toBeNull();
    expect(noUniversal(chat)).toEqual([]);
  });

  it('/recordatorios 09:00 with no zone known sets it and asks the zone once; with UTC configured, nothing says «hora universal»', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-clock-cmd-', env: { ZONA_HORARIA: 'UTC' } });
    const [set, question, ...more] = await ask(chat, '/recordatorios 09:00');
    expect(more).toEqual([]);
    expect(set!.text).toBe('🔔 Te recordaré tus repasos cada día a las 09:00, solo si tienes tarjetas pendientes.');
    expect(question!.text).toBe(CLOCK.askZone(undefined));
    expect((await reminderOf(chat)).hora).toBe('09:00');
    const [status] = await ask(chat, '/recordatorios');
    expect(status!.text).toMatch(/^🔔 Recordatorio diario a las 09:00\. /);
    expect(noUniversal(chat)).toEqual([]);
    // The city tapped keeps the hour, now in that zone; asked once.
    expect((await tap(chat, question!, 'tz:Atlantic/Canary:0900')).text).toBe(CLOCK.set('09:00', 'Atlantic/Canary'));
    expect(await reminderOf(chat)).toMatchObject({ hora: '09:00', zona: 'Atlantic/Canary' });
    expect(await ask(chat, '/recordatorios 10:00')).toHaveLength(1);
  });
});

describe('on the local page: the browser tells the zone', () => {
  it('the proposal names the browser’s zone at once, and an approval’s time is on the student’s clock', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-clock-page-', env: { ZONA_HORARIA: 'UTC' } });
    chat.tg.server.setTimeZone(chat.chatId, 'America/Mexico_City');
    const [proposal, ...more] = await ask(chat, 'recuérdame repasar cada día a las 9');
    expect(more).toEqual([]);
    expect(proposal!.text).toBe(CLOCK.propose('09:00', 'America/Mexico_City', false));
    expect((await tap(chat, proposal!, 'rw:s:0900')).text).toBe(CLOCK.set('09:00', 'America/Mexico_City'));

    const sent = await ask(chat, 'prepara la semana 1');
    const approval = sent.find((m) => buttonsOf(m).some((b) => b.text === BUTTONS.approve))!;
    const before = new Date();
    const decided = await tap(chat, approval, buttonsOf(approval).find((b) => b.text === BUTTONS.approve)!.data!);
    const after = new Date();
    const at = /Aprobado por .+ a las (\d\d:\d\d)\./.exec(decided.text ?? '')?.[1];
    expect([clockTimeIn(before, 'America/Mexico_City'), clockTimeIn(after, 'America/Mexico_City')]).toContain(at);
    expect(noUniversal(chat)).toEqual([]);
  });
  it('an approval’s time is on the clock it was asked on: a tap reads no setting of the student’s', async () => {
    chat = await InProcessChat.start({ prefix: 'cv-clock-asked-', env: { ZONA_HORARIA: 'UTC' } });
    chat.tg.server.setTimeZone(chat.chatId, 'America/Mexico_City');
    const sent = await ask(chat, 'prepara la semana 1');
    const approval = sent.find((m) => buttonsOf(m).some((b) => b.text === BUTTONS.approve))!;
    // The browser now says another zone, fifteen hours away: the question was asked on Mexico's clock.
    chat.tg.server.setTimeZone(chat.chatId, 'Asia/Tokyo');
    const before = new Date();
    const decided = await tap(chat, approval, buttonsOf(approval).find((b) => b.text === BUTTONS.approve)!.data!);
    const after = new Date();
    const at = /Aprobado por .+ a las (\d\d:\d\d)\./.exec(decided.text ?? '')?.[1];
    expect([clockTimeIn(before, 'America/Mexico_City'), clockTimeIn(after, 'America/Mexico_City')]).toContain(at);
    expect([clockTimeIn(before, 'Asia/Tokyo'), clockTimeIn(after, 'Asia/Tokyo')]).not.toContain(at);
  });
});
