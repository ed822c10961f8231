/**
 * Quiet repeats (issue 13, item 4): asking for a week that is already made sends nothing again.
 * Each item that exists gets ONE message — a reply to the message that carried it — with a button
 * to redo it; the report says nothing new was made; no chart. Pressing the button redoes only that
 * item, and only it is sent. Real bot and agent (offline planner) over the Bot API emulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, real, until } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('a repeat is quiet', () => {
  it('points at the cover and the episode it already sent, re-sends nothing, and redoes only what is asked', async () => {
    stack = await startStack(real);
    const h = stack.h;
    const owner = h.client({ userId: OWNER, firstName: 'Ana' });
    const uploads = () => h.uploads.filter((u) => u.chatId === OWNER);

    await owner.say('prepara la semana 3');
    const first = await answerUntilReport(owner, () => 'Aprobar');
    // Cover and episode; the chart only comes from its button under the closing message.
    await until(async () => uploads().length === 2);
    const cover = uploads().find((u) => u.method === 'sendPhoto' && /Portada/.test(u.fields.caption ?? ''))!;
    const episode = uploads().find((u) => u.method === 'sendAudio')!;
    const seen = [...first.approvals.map((a) => a.messageId), first.report.messageId];
    const before = (await owner.messages()).length;

    await owner.say('prepara la semana 3');
    const again = await answerUntilReport(owner, () => 'Aprobar', seen);
    expect(again.report.text).toMatch(/\n↩️ Portada: ya la tenías; no la he vuelto a hacer\n↩️ Narración: ya la tenías; no la he vuelto a hacer\n/);
    await stack.cb.runs.idle();
    expect(uploads()).toHaveLength(2); // nothing re-sent: no photo, no audio, no chart

    const msgs = await owner.messages();
    const pointers = msgs.filter((m) => m.replyTo !== undefined);
    expect(pointers.map((p) => p.replyTo).sort()).toEqual([cover.messageId, episode.messageId].sort());
    const toCover = pointers.find((p) => p.replyTo === cover.messageId)!;
    const toEpisode = pointers.find((p) => p.replyTo === episode.messageId)!;
    expect(toCover.text).toMatch(/La portada de la semana 3 ya la tienes/);
    expect(toCover.buttons).toEqual([{ text: '🔄 Hazme otra portada', data: 'qr:r:3' }]);
    expect(toEpisode.text).toMatch(/La narración de la semana 3 ya la tienes/);
    expect(toEpisode.buttons).toEqual([{ text: '🔄 Vuelve a narrarla', data: 'qr:v:3' }]);
    // The repeat's own messages: start/status, approvals, two pointers, the report — no card list again.
    const newOnes = msgs.slice(before);
    expect(newOnes.filter((m) => /Tus tarjetas de este trabajo/.test(m.text))).toHaveLength(0);
    // One closing message, and it says nothing was made again (issue 28: it read «✅ Portada ✅ Narración»).
    expect(newOnes.filter((m) => m.text.startsWith('📋 Informe'))).toHaveLength(1);
    expect(again.report.text).not.toMatch(/✅|(Portada|Narración): hecha/);
    expect(newOnes.find((m) => m.text.startsWith('✅ Terminado'))!.text).toBe('✅ Terminado: «prepara la semana 3» — el resumen va abajo');
    expect(again.report.buttons.map((b) => b.text)).toEqual(['🃏 Tarjetas', '📊 Cronograma']);

    // Redo the cover from its button: only a new cover is made and sent.
    await owner.press(toCover.messageId, 'qr:r:3');
    const redo = await answerUntilReport(owner, () => 'Aprobar', [...seen, ...again.approvals.map((a) => a.messageId), again.report.messageId]);
    expect(redo.report.text).toMatch(/\n✅ Portada\n/);
    await until(async () => uploads().filter((u) => u.method === 'sendPhoto' && /Portada/.test(u.fields.caption ?? '')).length === 2);
    expect(uploads().filter((u) => u.method === 'sendAudio')).toHaveLength(1);
  });
});
