/**
 * Hole 4: only the user who started a run may approve or reject its calls — in private chats and in
 * groups alike, and only while that user is allowed. Each test below also catches one injected
 * regression: an empty ALLOWED_USER_IDS letting everyone in; `/semana` marking every chat as a
 * group; comparing the chat id instead of the user id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerUntilReport, button, isCover, nextApproval, real, until } from '../bot/steps.js';
import { OWNER, OWNER2, STRANGER, startStack, type Stack } from '../bot/stack.js';

const GROUP = -100777;
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const alertFor = (s: Stack, userId: number) => s.h.answers.find((a) => a.fromId === userId);

describe('approvals in a group chat', () => {
  it("a stranger and another allowed user are refused; the run's owner decides", async () => {
    stack = await startStack(real);
    const ana = stack.h.client({ userId: OWNER, chatId: GROUP, firstName: 'Ana', type: 'group' });
    const eve = stack.h.client({ userId: STRANGER, chatId: GROUP, firstName: 'Eve', type: 'group' });
    const bob = stack.h.client({ userId: OWNER2, chatId: GROUP, firstName: 'Bob', type: 'group' });
    await ana.say('prepare la semana 1');
    const cover = await nextApproval(ana, new Set());
    expect(isCover(cover)).toBe(true);

    await eve.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => alertFor(stack!, STRANGER) !== undefined);
    expect(alertFor(stack, STRANGER)).toMatchObject({ showAlert: true, text: 'Este botón es de otra persona o ya no sirve.' });
    await bob.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => alertFor(stack!, OWNER2) !== undefined);
    expect(alertFor(stack, OWNER2)).toMatchObject({ showAlert: true });
    // Still undecided: both buttons are there and nothing was generated.
    expect((await ana.messages()).find((m) => m.messageId === cover.messageId)!.buttons).toHaveLength(2);
    expect((await stack.notebook.audit.list()).some((e) => e.tool === 'generar_portada' && e.event === 'resultado')).toBe(false);

    // The owner's own press counts (comparing the chat id instead of the user id would refuse it).
    const { report, approvals } = await answerUntilReport(ana, (m) => (isCover(m) ? 'Aprobar' : 'Rechazar'));
    expect(approvals[0]!.messageId).toBe(cover.messageId);
    expect(report.text).toMatch(/portada/i);
    const coverResult = (await stack.notebook.audit.list()).find((e) => e.tool === 'generar_portada' && e.event === 'resultado');
    expect(coverResult).toMatchObject({ outcome: 'ok', approval: { approved: true, by: 'Ana' } });
  });

  it('/semana in a private chat: a stranger pressing in that chat is refused', async () => {
    stack = await startStack(real);
    const ana = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await ana.say('/semana 2');
    const cover = await nextApproval(ana, new Set());
    const eveInAnasChat = stack.h.client({ userId: STRANGER, chatId: OWNER, firstName: 'Eve' });
    await eveInAnasChat.press(cover.messageId, button(cover, /Aprobar/));
    await until(async () => alertFor(stack!, STRANGER) !== undefined);
    expect(alertFor(stack, STRANGER)).toMatchObject({ showAlert: true });
    expect((await ana.messages()).find((m) => m.messageId === cover.messageId)!.buttons).toHaveLength(2);
    await answerUntilReport(ana, () => 'Rechazar');
  });

  it('an empty ALLOWED_USER_IDS lets nobody in, in a group too', async () => {
    stack = await startStack(real, { ALLOWED_USER_IDS: '' });
    const ana = stack.h.client({ userId: OWNER, chatId: GROUP, firstName: 'Ana', type: 'group' });
    await ana.say('prepare la semana 1');
    await ana.waitText(/Este cuaderno es privado/);
    expect(await stack.notebook.audit.list()).toEqual([]);
  });
});
