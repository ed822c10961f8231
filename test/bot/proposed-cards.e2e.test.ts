/**
 * Model-proposed cards with keep / edit / drop (issue 27 §3), through the real bot and agent behind
 * the embedded Bot API, the model a script (`CUADERNO_MODELO=script:FILE`) that proposes five cards
 * for the three notes of week 3. They wait in one approval — nothing in the deck — with
 * [✅ n] [✏️ n] [🗑 n] each and «Guardar N tarjetas»; ✏️ asks with force_reply, and the bot
 * restarts while the proposal and the rewrite are pending: the same buttons and the reply still
 * work. A rewrite that gives another card away is refused with one sentence. Saving puts the kept
 * and rewritten cards in the deck, writes the counts in the audit, and /tarjetas shows the ratio.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { buttonsOf, until, waitForMessage } from '../main/chat-harness.js';
import { CARDS_REVIEWED_EVENT, PROPOSALS_FILE } from '../../src/domain/cards/proposals.js';
import { voiceProblems } from '../support/voice.js';

const SCRIPT = path.resolve('test/fixtures/scripts/semana3-propuestas.json');
let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const isProposal = (m: Message) => (m.text ?? '').startsWith('🃏 Te propongo');
const data = (m: Message, label: string) => buttonsOf(m).find((b) => b.text === label)?.callback_data ?? '';
const low = (s: string) => s.toLocaleLowerCase('es');

describe('cards a model proposes: keep, edit, drop', () => {
  it('one approval, ✅ ✏️ 🗑 per card, a restart while pending, then Guardar: the deck, the audit and /tarjetas', async () => {
    chat = await startLocalChat('cv-propuestas-', 1, { CUADERNO_MODELO: `script:${SCRIPT}` });
    const t = chat.tg;
    const now = () => t.server.history();
    const current = (id: number) => now().find((m) => m.message_id === id)!;
    const changed = (id: number, test: (m: Message) => boolean, what: string) => waitForMessage(t, what, (ms) => ms.find((m) => m.message_id === id && test(m)));

    t.server.sendUserText('prepara la semana 3');
    const proposal = await waitForMessage(t, 'the proposed cards', (ms) => ms.find(isProposal));
    await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')));
    expect(proposal.text).toMatch(/^🃏 Te propongo 5 tarjetas/);
    for (const answer of ['Renacimiento', 'perspectiva', 'impresionismo', 'pinceladas sueltas', 'cubismo']) expect(proposal.text).toContain(`→ ${answer}`);
    expect(buttonsOf(proposal).map((b) => b.text)).toEqual([
      ...[1, 2, 3, 4, 5].flatMap((n) => [`✅ ${n}`, `✏️ ${n}`, `🗑 ${n}`]), '💾 Guardar 5 tarjetas',
    ]);
    expect(voiceProblems(proposal.text ?? '')).toEqual([]);
    // Waiting for the student: nothing in the deck yet, the proposal on disk.
    expect(await chat.notebook.cards.list()).toEqual([]);
    const onDisk = async () => JSON.parse(await readFile(path.join(chat!.dataDir, PROPOSALS_FILE), 'utf8')).lotes[0];
    await until('the proposal recorded as shown', async () => (await onDisk()).mensaje !== undefined);
    expect(await onDisk()).toMatchObject({ asunto: 'tarjetas', estado: 'pendiente', mensaje: { id: proposal.message_id } });

    // ✅ 1, 🗑 5: the approval shows each decision and the count to save.
    t.server.pressButton(proposal.message_id, data(proposal, '✅ 1'));
    await changed(proposal.message_id, (m) => /^1\. ✅ /m.test(m.text ?? ''), 'card 1 kept');
    t.server.pressButton(proposal.message_id, data(current(proposal.message_id), '🗑 5'));
    const dropped = await changed(proposal.message_id, (m) => buttonsOf(m).some((b) => b.text === '💾 Guardar 4 tarjetas'), 'card 5 dropped');
    expect(dropped.text).toMatch(/^5\. 🗑 /m);

    // ✏️ 2: the question comes with force_reply.
    t.server.pressButton(proposal.message_id, data(dropped, '✏️ 2'));
    const ask = await waitForMessage(t, 'the rewrite question', (ms) => ms.find((m) => /^✏️ Tarjeta 2:/.test(m.text ?? '')));
    expect(ask.reply_markup).toMatchObject({ force_reply: true, input_field_placeholder: 'pregunta | respuesta' });

    // The bot restarts with all of it pending.
    await chat.restartBot();

    // A rewrite that gives card 1's answer away: one sentence, the card unchanged.
    t.server.sendUserText('¿Qué recuperó el Renacimiento para dar profundidad? | perspectiva', undefined, { replyTo: ask.message_id });
    const refused = await waitForMessage(t, 'the refusal', (ms) => ms.find((m) => /es la respuesta de otra tarjeta/.test(m.text ?? '')));
    expect(refused.text).toBe('La pregunta dice «Renacimiento», que es la respuesta de otra tarjeta de la semana. Respóndeme otra vez a la pregunta de la tarjeta con el texto corregido.');
    // Replying again to the same question, after the restart, replaces the card.
    t.server.sendUserText('¿Qué técnica de dibujo da profundidad a un cuadro plano? | perspectiva', undefined, { replyTo: ask.message_id });
    await waitForMessage(t, 'the card rewritten', (ms) => ms.find((m) => m.text === '✏️ Tarjeta 2 cambiada.'));
    const edited = current(proposal.message_id);
    expect(edited.text).toMatch(/^2\. ✏️ ¿Qué técnica de dibujo da profundidad a un cuadro plano\?$/m);

    // Guardar (a button of the message sent before the restart).
    t.server.pressButton(proposal.message_id, data(edited, '💾 Guardar 4 tarjetas'));
    const saved = await waitForMessage(t, 'the save', (ms) => ms.find((m) => /^💾 Guardé/.test(m.text ?? '')));
    expect(saved.text).toBe('💾 Guardé 4 tarjetas en tu mazo (3 tal cual, 1 cambiada, 1 descartada). Repásalas con /repasar.');
    await changed(proposal.message_id, (m) => buttonsOf(m).length === 0, 'the approval without buttons');

    const deck = await chat.notebook.cards.list();
    expect(deck.map((c) => [c.id_nota, c.semana, c.respuesta])).toEqual([[7, 3, 'Renacimiento'], [7, 3, 'perspectiva'], [8, 3, 'impresionismo'], [8, 3, 'pinceladas sueltas']]);
    expect(deck[1]!.pregunta).toBe('¿Qué técnica de dibujo da profundidad a un cuadro plano?');
    for (const a of deck) for (const b of deck) expect(low(a.pregunta)).not.toContain(low(b.respuesta));

    // The audit counts the batch; /tarjetas shows the ratio.
    const audit = (await readFile(path.join(chat.dataDir, 'auditoria.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.filter((e) => e.event === CARDS_REVIEWED_EVENT)).toEqual([expect.objectContaining({ propuestas: 5, aceptadas: 3, editadas: 1, descartadas: 1, tarjetas: deck.map((c) => c.id) })]);
    t.server.sendUserText('/tarjetas');
    const list = await waitForMessage(t, '/tarjetas', (ms) => ms.find((m) => /De las 5 tarjetas que te propuse/.test(m.text ?? '')));
    expect(list.text).toContain('De las 5 tarjetas que te propuse, guardaste 3 tal cual (60 %), cambiaste 1 (20 %) y descartaste 1 (20 %).');
    // One approval, one rewrite question: nothing was shown twice across the restart.
    expect(now().filter(isProposal)).toHaveLength(1);
    expect(now().filter((m) => /^✏️ Tarjeta 2:/.test(m.text ?? ''))).toHaveLength(1);
  }, 120_000);

  it('offline (the local planner) the week gets today\'s generated cards and no proposal', async () => {
    chat = await startLocalChat('cv-propuestas-offline-');
    const t = chat.tg;
    t.server.sendUserText('/semana 3');
    for (let i = 0; i < 2; i++) {
      const approval = await waitForMessage(t, 'an approval', (ms) => ms.find((m) => (m.text ?? '').startsWith('🔐') && buttonsOf(m).some((b) => /Aprobar/.test(b.text))));
      t.server.pressButton(approval.message_id, buttonsOf(approval).find((b) => /Aprobar/.test(b.text))!.callback_data!);
      await waitForMessage(t, 'the approval answered', (ms) => ms.find((m) => m.message_id === approval.message_id && !buttonsOf(m).some((b) => /Aprobar/.test(b.text))));
    }
    await waitForMessage(t, 'the report', (ms) => ms.find((m) => (m.text ?? '').startsWith('📋 Informe')));
    expect((await chat.notebook.cards.list()).map((c) => c.id_nota).sort()).toEqual([7, 8, 9]);
    expect(t.server.history().filter(isProposal)).toEqual([]);
  }, 120_000);
});
