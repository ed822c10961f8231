/**
 * Rechazar asks for an optional reason with force_reply (issue 10). Through the real bot and agent
 * (offline planner) behind the embedded Bot API: the no is on disk before anything is asked; the
 * question carries `force_reply` and a placeholder; only a reply to that very message is the
 * reason (unless it reads as a question or a request of its own: handled as itself, the question
 * stays answerable), and it reaches the model in the rejected call's tool result and the audit; anything else
 * the owner writes is handled as usual and the run goes on without one; a restart while the reason
 * is awaited keeps it answerable and asks nothing twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { buttonsOf, isApproval, waitForMessage } from '../main/chat-harness.js';

let chat: LocalChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const RUN_MS = 90_000;
const rejectData = (m: Message) => buttonsOf(m).find((b) => /Rechazar/.test(b.text))?.callback_data ?? '';
/** The reason question, asking or (once closed) saying what came of it. */
const isReasonAsk = (m: Message) => /¿Por qué lo rechazas\?|Te pregunté por qué lo rechazabas/.test(m.text ?? '');
const isReport = (m: Message) => (m.text ?? '').startsWith('📋 Informe');

async function onlyRunDir(dataDir: string): Promise<string> {
  const ids = await readdir(path.join(dataDir, 'runs'));
  expect(ids).toHaveLength(1);
  return path.join(dataDir, 'runs', ids[0]!);
}

type Decision = { approved: boolean; reason?: string; note?: string; awaitingNote?: boolean };
async function decisions(runDir: string): Promise<Decision[]> {
  return Object.values((JSON.parse(await readFile(path.join(runDir, 'run.json'), 'utf8')) as { decisions: Record<string, Decision> }).decisions);
}

/** The owner asks for the narration and taps Rechazar; returns the approval and the reason question. */
async function rejectNarration(c: LocalChat): Promise<{ approval: Message; ask: Message }> {
  const t = c.tg;
  t.server.sendUserText('narre la semana 4');
  const approval = await waitForMessage(t, 'the narration approval', (ms) => ms.find((m) => isApproval(m) && buttonsOf(m).length >= 2));
  t.server.pressButton(approval.message_id, rejectData(approval));
  const ask = await waitForMessage(t, 'the reason question', (ms) => ms.find(isReasonAsk));
  return { approval, ask };
}

describe('Rechazar asks for an optional reason', () => {
  it('the no is written first; a reply to the question is the reason, it reaches the model and the audit, also across a restart', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { approval, ask } = await rejectNarration(chat);

    // force_reply with a placeholder, answering the approval it is about.
    expect(ask.reply_markup).toMatchObject({ force_reply: true, input_field_placeholder: 'El motivo (opcional)' });
    expect(ask.reply_to_message?.message_id).toBe(approval.message_id);
    // Written durably before the question was sent: the no stands, its reason is awaited.
    const runDir = await onlyRunDir(chat.dataDir);
    expect(await decisions(runDir)).toEqual([expect.objectContaining({ approved: false, reason: 'rechazado', awaitingNote: true })]);
    // The approval keeps one button: go on without a reason.
    const edited = t.server.history().find((m) => m.message_id === approval.message_id)!;
    expect(buttonsOf(edited).map((b) => b.text)).toEqual(['➡️ Seguir sin motivo']);

    // A restart while the reason is awaited: nothing is asked again, the question stays answerable.
    await chat.restartBot();
    await waitForMessage(t, 'the resumed run', (ms) => ms.find((m) => /Reanudo/.test(m.text ?? '')));
    t.server.sendUserText('hoy no quiero audio', undefined, { replyTo: ask.message_id });
    const report = await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    expect(report.text).toMatch(/narr/i);
    expect(t.server.history().filter(isApproval)).toHaveLength(1);
    expect(t.server.history().filter(isReasonAsk)).toHaveLength(1);
    expect(t.server.history().find((m) => m.message_id === approval.message_id)!.text).toMatch(/Motivo: «hoy no quiero audio»/);
    // The question no longer asks (no «pulsa», no «respóndeme»): it says what came of it.
    expect(t.server.history().find((m) => m.message_id === ask.message_id)!.text).toBe('Te pregunté por qué lo rechazabas. Tu motivo: «hoy no quiero audio».');

    // The decision on disk, what the model read (the tool result of the rejected call), the audit.
    expect(await decisions(runDir)).toEqual([expect.objectContaining({ approved: false, note: 'hoy no quiero audio' })]);
    expect((await decisions(runDir))[0]!.awaitingNote).toBeUndefined();
    const cp = JSON.parse(await readFile(path.join(runDir, 'run.json'), 'utf8')) as { messages: Array<{ role: string; content: unknown }> };
    const results = cp.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])) as Array<{ type: string; content?: string }>;
    const rejected = results.filter((b) => b.type === 'tool_result').map((b) => JSON.parse(b.content ?? '{}') as Record<string, unknown>).find((r) => r.motivo === 'rechazado');
    expect(rejected).toMatchObject({ razon_del_propietario: 'hoy no quiero audio' });
    const audit = (await readFile(path.join(chat.dataDir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; tool: string; outcome?: string; approval?: { note?: string } });
    expect(audit.find((e) => e.event === 'resultado' && e.tool === 'narrar_resumen')).toMatchObject({ outcome: 'rechazado', approval: { approved: false, note: 'hoy no quiero audio' } });
  }, 3 * RUN_MS);

  it('any other message goes on without a reason and is handled as usual; a late reply is not taken', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { ask } = await rejectNarration(chat);
    // Not a reply: answered as usual (a greeting), and the run goes on without a reason.
    t.server.sendUserText('hola');
    const report = await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    expect(t.server.history().some((m) => m.message_id < report.message_id && m.from?.is_bot && /Hola/.test(m.text ?? ''))).toBe(true);
    const runDirs = await readdir(path.join(chat.dataDir, 'runs')).catch(() => []);
    // A finished run's files may be kept or not; if kept, the no has no reason.
    for (const id of runDirs) for (const d of await decisions(path.join(chat.dataDir, 'runs', id))) expect(d.note).toBeUndefined();
    const audit = (await readFile(path.join(chat.dataDir, 'auditoria.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; tool: string; approval?: { note?: string } });
    const rejected = audit.find((e) => e.event === 'resultado' && e.tool === 'narrar_resumen')!;
    expect(rejected.approval).toMatchObject({ approved: false });
    expect(rejected.approval?.note).toBeUndefined();

    // A reply to the closed question now is just a message: answered as usual, not taken as a reason.
    const before = t.server.history().length;
    t.server.sendUserText('gracias', undefined, { replyTo: ask.message_id });
    await waitForMessage(t, 'the answer to the late reply', (ms) => ms.slice(before).find((m) => m.from?.is_bot === true));
    expect(audit.filter((e) => e.event === 'resultado' && e.tool === 'narrar_resumen')).toHaveLength(1);
  }, 3 * RUN_MS);

  it('a question or a request written as the reply is handled as itself; the reason question stays answerable', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { approval, ask } = await rejectNarration(chat);
    const runDir = await onlyRunDir(chat.dataDir);
    // The page (like Telegram's apps) makes the next message a reply to the force_reply question.
    const before = t.server.history().length;
    t.server.sendUserText('qué tengo sobre el impresionismo?', undefined, { replyTo: ask.message_id });
    const answer = await waitForMessage(t, 'the answer to the question', (ms) => ms.slice(before).find((m) => m.from?.is_bot === true && /impresionismo/i.test(m.text ?? '')));
    expect(answer.text).not.toMatch(/Gracias/);
    // Not taken as the reason: the no still waits for one, and nothing was quoted as a reason.
    expect(await decisions(runDir)).toEqual([expect.objectContaining({ approved: false, awaitingNote: true })]);
    expect((await decisions(runDir))[0]!.note).toBeUndefined();
    expect(t.server.history().find((m) => m.message_id === approval.message_id)!.text).not.toMatch(/Motivo:/);
    // The question is still answerable: the real reason, as a reply, is taken.
    t.server.sendUserText('hoy no quiero audio', undefined, { replyTo: ask.message_id });
    await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    expect(t.server.history().find((m) => m.message_id === approval.message_id)!.text).toMatch(/Motivo: «hoy no quiero audio»/);
    const remembered = JSON.parse(await readFile(path.join(chat.dataDir, 'motivos.json'), 'utf8')) as { motivos: Array<{ motivo: string }> };
    expect(remembered.motivos.map((m) => m.motivo)).toEqual(['hoy no quiero audio']);
  }, 3 * RUN_MS);

  it('a reason is remembered: the next time the same thing is asked, it is honoured and the question shows it', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { approval, ask } = await rejectNarration(chat);
    expect(approval.text).toMatch(/Voz: una voz sintética/);
    expect(approval.text).not.toMatch(/La última vez/);
    t.server.sendUserText('mejor con mi voz', undefined, { replyTo: ask.message_id });
    const first = await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    // The reason is on disk, typed: what was refused and the owner's words.
    const remembered = JSON.parse(await readFile(path.join(chat.dataDir, 'motivos.json'), 'utf8')) as { motivos: unknown[] };
    expect(remembered.motivos).toEqual([expect.objectContaining({ tool: 'narrar_resumen', semana: 4, motivo: 'mejor con mi voz' })]);

    // Asked again, a new run: the planner proposes the owner's own voice and the question says why.
    t.server.sendUserText('narre la semana 4');
    const again = await waitForMessage(t, 'the second approval', (ms) => ms.find((m) => m.message_id > first.message_id && isApproval(m) && buttonsOf(m).length >= 2));
    expect(again.text).toMatch(/Voz: tu propia voz/);
    expect(again.text).toMatch(/La última vez me dijiste que no: «mejor con mi voz»/);
  }, 3 * RUN_MS);

  it('a reason that asks for another cover offers it again: one tap and a new cover is proposed', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    t.server.sendUserText('haz la portada de la semana 3');
    const approval = await waitForMessage(t, 'the cover approval', (ms) => ms.find((m) => isApproval(m) && buttonsOf(m).length >= 2));
    t.server.pressButton(approval.message_id, rejectData(approval));
    const ask = await waitForMessage(t, 'the reason question', (ms) => ms.find(isReasonAsk));
    t.server.sendUserText('quiero otra portada', undefined, { replyTo: ask.message_id });
    const offer = await waitForMessage(t, 'the offer of another cover', (ms) => ms.find((m) => /otra para la semana 3/.test(m.text ?? '')));
    expect(offer.text).toBe('Vale, esa portada no la hago. ¿Te propongo otra para la semana 3? Toca «🔄 Hazme otra portada» y te la enseño antes de hacerla.');
    expect(buttonsOf(offer).map((b) => b.text)).toEqual(['🔄 Hazme otra portada']);
    await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    t.server.pressButton(offer.message_id, buttonsOf(offer)[0]!.callback_data!);
    const again = await waitForMessage(t, 'the cover proposed again', (ms) => ms.find((m) => m.message_id > offer.message_id && isApproval(m) && buttonsOf(m).length >= 2));
    expect(again.text).toMatch(/portada/i);
    expect(again.text).toMatch(/semana 3/i);
  }, 3 * RUN_MS);

  it('a reason for a no to a narration («quiero otra voz») only thanks: no cover is offered', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { ask } = await rejectNarration(chat);
    t.server.sendUserText('quiero otra voz', undefined, { replyTo: ask.message_id });
    await waitForMessage(t, 'the thanks', (ms) => ms.find((m) => m.text === 'Gracias, lo tengo en cuenta.'));
    expect(t.server.history().some((m) => /Hazme otra portada/.test(JSON.stringify(m.reply_markup ?? {})))).toBe(false);
  }, 3 * RUN_MS);

  it('while only the optional reason is awaited, the status says so, not «en pausa hasta que respondas» (second walk, item 11)', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    await rejectNarration(chat);
    const status = await waitForMessage(t, 'the status naming the reason it waits for', (ms) => ms.find((m) => /^⏸ «narre la semana 4»/u.test(m.text ?? '') && !/espera tu respuesta/u.test(m.text ?? '')));
    expect(status.text).toMatch(/^⏸ «narre la semana 4»: solo espero tu motivo para no narrar el resumen de la semana\. Es opcional: pulsa «➡️ Seguir sin motivo» o escríbeme otra cosa, y sigo\.(?:\n|$)/u);
    expect(status.text).not.toContain('en pausa hasta que respondas');
  }, 3 * RUN_MS);

  it('«Seguir sin motivo» goes on at once without one', async () => {
    chat = await startLocalChat('cv-reason-');
    const t = chat.tg;
    const { approval } = await rejectNarration(chat);
    const edited = await waitForMessage(t, 'the go-on button', (ms) => ms.find((m) => m.message_id === approval.message_id && buttonsOf(m).some((b) => /sin motivo/.test(b.text))));
    t.server.pressButton(edited.message_id, buttonsOf(edited)[0]!.callback_data!);
    await waitForMessage(t, 'the report', (ms) => ms.find(isReport));
    expect(buttonsOf(t.server.history().find((m) => m.message_id === approval.message_id)!)).toEqual([]);
  }, 3 * RUN_MS);
});
