/**
 * A card the student deletes stays deleted (issue 44): «prepara la semana 3», /borrar one of its
 * cards, then «prepara de nuevo la semana 3» does not make it again — the deck keeps it as a tombstone
 * that the next plan reads. Real bot, real agent (offline planner), embedded Bot API.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, startStack, type Stack } from './stack.js';
import { answerUntilReport, button, real } from './steps.js';
import { CARDS_STATE_VERSION } from '../../src/store/index.js';
import { RS } from '../../src/strings/review.js';
import { cardGist } from '../../src/bot/format.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const WEEK = 'prepara la semana 3';

describe('a deleted card', () => {
  it('is not made again by the next «prepara la semana»', async () => {
    stack = await startStack(real);
    const owner = stack.h.client({ userId: OWNER, firstName: 'Ana' });
    await owner.say(WEEK);
    await answerUntilReport(owner, () => 'Aprobar');
    await stack.cb.runs.idle();
    const first = (await stack.notebook.cards.list()).filter((c) => c.semana === 3);
    expect(first.length).toBeGreaterThan(0);
    const gone = first[0]!;

    await owner.say(`/borrar ${gone.id}`);
    const ask = await owner.waitText(new RegExp(`^¿Borrar la tarjeta ${gone.id} \\(«`));
    expect(ask.text).toBe(RS.removeAsk(gone.id, cardGist(gone.pregunta)));
    await owner.press(ask.messageId, button(ask, /Sí, bórrala/));
    await owner.waitFor('deleted', (ms) => ms.find((m) => m.messageId === ask.messageId && m.text === `🗑 Tarjeta ${gone.id} borrada.`));

    const answered = (await owner.messages()).map((m) => m.messageId);
    // Asked again as a redo: a plain repeat of a week all made is one message and runs nothing
    // (repeat.e2e.test.ts), so the plan that must read the tombstone is asked for outright.
    await owner.say('prepara de nuevo la semana 3');
    await answerUntilReport(owner, () => 'Aprobar', answered);
    await stack.cb.runs.idle();
    const live = await stack.notebook.cards.list();
    expect(live.some((c) => c.pregunta === gone.pregunta)).toBe(false);
    expect(live.filter((c) => c.semana === 3).length).toBeGreaterThanOrEqual(first.length - 1);
    // The deck file keeps the tombstone the plan read.
    const file = JSON.parse(await readFile(path.join(stack.config.dataDir, 'tarjetas.json'), 'utf8')) as { version: number; tarjetas: Array<{ id: number; borrada?: true; borrada_el?: string }> };
    expect(file.version).toBe(CARDS_STATE_VERSION);
    expect(file.tarjetas.find((c) => c.id === gone.id)).toMatchObject({ borrada: true, borrada_el: expect.any(String) });
  }, 180_000);
});
