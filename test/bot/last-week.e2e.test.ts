/**
 * «rehaz la portada» without a week, right after the chat prepared one: that week is the one obvious
 * candidate, so the redo starts for it (said in the run's words) instead of asking «¿De qué semana…?».
 * Nothing prepared yet in a chat: it still asks. Real bot and agent (offline planner) over the Bot
 * API stand-in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, OWNER2, startStack, type Stack } from './stack.js';
import { answerUntilReport, isCover, real } from './steps.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('a redo without a week', () => {
  it('redoes the cover of the week this chat just prepared; a chat with none is asked which', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say('prepara la semana 2');
    const week = await answerUntilReport(owner, () => 'Aprobar');
    const seen = [...week.approvals.map((a) => a.messageId), week.report.messageId];

    await owner.say('rehaz la portada');
    const redo = await answerUntilReport(owner, () => 'Aprobar', seen);
    expect(redo.approvals).toHaveLength(1);
    expect(isCover(redo.approvals[0]!)).toBe(true);
    expect(redo.approvals[0]!.text).toMatch(/Semana 2 \(python\)/);
    expect(redo.report.text).toMatch(/rehaz la portada de la semana 2/);
    expect((await owner.messages()).some((m) => /¿De qué semana/.test(m.text))).toBe(false);

    // Another chat has prepared nothing: there the same words are asked back.
    const other = stack.h.client({ userId: OWNER2, firstName: 'Luis' });
    await other.say('rehaz la portada');
    const q = await other.waitText(/^¿De qué semana quieres la portada\?/);
    expect(q.buttons.map((b) => b.text)).toEqual(['1 · Estadística', '2 · Python', '3 · Historia del arte', '4 · Música']);
  });
});
