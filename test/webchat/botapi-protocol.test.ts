/**
 * The embedded Bot API over real HTTP with plain fetch: Telegram's URLs, encodings (JSON,
 * urlencoded, query string, multipart), response and error shapes, long polling, files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuadernoError } from '../../src/errors.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { makePng, makeWav } from './media-fixtures.js';

const TOKEN = '123456:test-token';
let tmp: string;
let tg: EmbeddedTelegram;
let base: string;
let chatId: number;

// The answers are read loosely on purpose: the tests assert the exact shapes with toEqual/toMatchObject.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Answer { ok: boolean; result?: any; error_code?: number; description?: string }

async function api(method: string, body?: unknown, init: RequestInit = {}): Promise<{ status: number; json: Answer }> {
  const res = await fetch(`${base}/${method}`, body === undefined ? init : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init,
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'webchat-proto-'));
  tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'files') });
  base = `${tg.apiRoot}/bot${TOKEN}`;
  chatId = tg.server.chatId;
});

/** The page's own routes need the installation's secret (page-secret.ts); a program sends it as a bearer. */
const asPage = (headers: Record<string, string> = {}) => ({ ...headers, authorization: `Bearer ${tg.pageSecret}` });

afterAll(async () => {
  await tg.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('response and error shapes', () => {
  it('getMe answers {ok:true,result} with the bot user (id from the token)', async () => {
    const { status, json } = await api('getMe', undefined);
    expect(status).toBe(200);
    expect(json.ok).toBe(true);
    expect(json.result).toMatchObject({ id: 123456, is_bot: true, username: expect.any(String) });
  });

  it('a wrong token is 401 Unauthorized, an unknown method 404 Not Found', async () => {
    const wrong = await fetch(`${tg.apiRoot}/bot999:nope/getMe`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const unknown = await api('sendSticker', { chat_id: chatId });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
  });

  it('bad parameters are 400 with Telegram descriptions', async () => {
    expect((await api('sendMessage', { text: 'hola' })).json).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' });
    expect((await api('sendMessage', { chat_id: 42, text: 'hola' })).json.description).toBe('Bad Request: chat not found');
    expect((await api('sendMessage', { chat_id: chatId, text: '   ' })).json.description).toBe('Bad Request: message text is empty');
    expect((await api('sendMessage', { chat_id: chatId, text: 'x'.repeat(4097) })).json.description).toBe('Bad Request: message is too long');
    const longData = await api('sendMessage', { chat_id: chatId, text: 'a', reply_markup: { inline_keyboard: [[{ text: 'b', callback_data: 'x'.repeat(65) }]] } });
    expect(longData).toEqual({ status: 400, json: { ok: false, error_code: 400, description: 'Bad Request: BUTTON_DATA_INVALID' } });
    expect((await api('sendChatAction', { chat_id: chatId, action: 'dancing' })).json.description).toBe('Bad Request: wrong parameter action in request');
    expect((await api('answerCallbackQuery', { callback_query_id: 'nope' })).json.description).toMatch(/query is too old/);
    expect((await api('getFile', { file_id: 'nope' })).json.description).toBe('Bad Request: invalid file_id');
    const badJson = await fetch(`${base}/sendMessage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(badJson.status).toBe(400);
  });

  it('a failed call leaves nothing in the chat and is recorded as failed', async () => {
    const before = tg.server.history().length;
    await api('sendMessage', { chat_id: chatId, text: '<b>sin cerrar', parse_mode: 'HTML' });
    expect(tg.server.history()).toHaveLength(before);
    const last = tg.server.requests.at(-1);
    expect(last).toMatchObject({ method: 'sendMessage', ok: false, error: expect.stringMatching(/can't parse entities/) });
  });
});

describe('encodings', () => {
  it('takes query-string GETs and urlencoded bodies (reply_markup as a JSON string)', async () => {
    const get = await fetch(`${base}/sendMessage?chat_id=${chatId}&text=${encodeURIComponent('por GET')}`);
    expect(((await get.json()) as Answer).result).toMatchObject({ text: 'por GET', chat: { id: chatId } });
    const form = new URLSearchParams({ chat_id: String(chatId), text: 'por formulario', reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Sí', callback_data: 'si' }]] }) });
    const res = await fetch(`${base}/sendMessage`, { method: 'POST', body: form });
    const json = (await res.json()) as Answer;
    expect(json.result.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Sí', callback_data: 'si' }]] });
    const bad = await fetch(`${base}/sendMessage`, { method: 'POST', body: new URLSearchParams({ chat_id: String(chatId), text: 'x', reply_markup: '{no' }) });
    expect(((await bad.json()) as Answer).description).toBe("Bad Request: can't parse reply keyboard markup JSON object");
  });

  it('multipart: a photo part under its own name, then re-sent by file_id', async () => {
    const png = makePng(32, 24);
    const form = new FormData();
    form.set('chat_id', String(chatId));
    form.set('caption', 'Portada');
    form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'portada.png');
    const res = await fetch(`${base}/sendPhoto`, { method: 'POST', body: form });
    const sent = ((await res.json()) as Answer).result;
    expect(sent.photo).toEqual([expect.objectContaining({ width: 32, height: 24, file_size: png.length })]);
    expect(sent.caption).toBe('Portada');
    const fileId = sent.photo[0].file_id as string;
    const again = await api('sendPhoto', { chat_id: chatId, photo: fileId });
    expect(again.json.result.photo[0].file_id).toBe(fileId);
    expect((await api('sendAudio', { chat_id: chatId, audio: fileId })).json.description).toBe("Bad Request: can't use file of type Photo as Audio");
    expect((await api('sendPhoto', { chat_id: chatId, photo: 'https://example.com/a.png' })).json.description).toBe('Bad Request: failed to get HTTP URL content');
  });

  it('getFile gives a file_path served at /file/bot<token>/…; /files/<id> honours Range', async () => {
    const wav = makeWav(1);
    const form = new FormData();
    form.set('chat_id', String(chatId));
    form.set('audio', new Blob([new Uint8Array(wav)]), 'episodio.wav');
    const sent = ((await (await fetch(`${base}/sendAudio`, { method: 'POST', body: form })).json()) as Answer).result;
    expect(sent.audio).toMatchObject({ duration: 1, file_name: 'episodio.wav', mime_type: 'audio/wav', file_size: wav.length });
    const file = (await api('getFile', { file_id: sent.audio.file_id })).json.result;
    expect(file.file_path).toMatch(/^music\/file_\d+\.wav$/);
    const download = await fetch(`${tg.apiRoot}/file/bot${TOKEN}/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(wav)).toBe(true);
    const ranged = await fetch(`${tg.apiRoot}/files/${sent.audio.file_id}`, { headers: asPage({ range: 'bytes=0-11' }) });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-11/${wav.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1', 0, 4)).toBe('RIFF');
  });
});

describe('messages the page shows', () => {
  it('parse_mode HTML becomes entities; edits change the message in place; no markup removes the keyboard', async () => {
    const sent = (await api('sendMessage', {
      chat_id: chatId, text: '<b>Progreso</b> 0/3', parse_mode: 'HTML',
      reply_markup: { inline_keyboard: [[{ text: 'Cancelar', callback_data: 'c1' }]] },
    })).json.result;
    expect(sent).toMatchObject({ text: 'Progreso 0/3', entities: [{ type: 'bold', offset: 0, length: 8 }] });
    const same = await api('editMessageText', { chat_id: chatId, message_id: sent.message_id, text: '<b>Progreso</b> 0/3', parse_mode: 'HTML', reply_markup: sent.reply_markup });
    expect(same.json.description).toMatch(/^Bad Request: message is not modified/);
    const edited = (await api('editMessageText', { chat_id: chatId, message_id: sent.message_id, text: 'Progreso 3/3' })).json.result;
    expect(edited).toMatchObject({ message_id: sent.message_id, text: 'Progreso 3/3', edit_date: expect.any(Number) });
    expect(edited.reply_markup).toBeUndefined();
    const shown = tg.server.history().find((m) => m.message_id === sent.message_id);
    expect(shown?.text).toBe('Progreso 3/3');
    expect((await api('deleteMessage', { chat_id: chatId, message_id: sent.message_id })).json.result).toBe(true);
    expect(tg.server.history().some((m) => m.message_id === sent.message_id)).toBe(false);
    expect((await api('deleteMessage', { chat_id: chatId, message_id: sent.message_id })).json.description).toBe('Bad Request: message to delete not found');
  });

  it('force_reply is kept for the page; the page answers that message with the next text (reply_to_message)', async () => {
    const ask = (await api('sendMessage', { chat_id: chatId, text: '¿Por qué?', reply_markup: { force_reply: true, input_field_placeholder: 'El motivo (opcional)' } })).json.result;
    expect(tg.server.history().find((m) => m.message_id === ask.message_id)?.reply_markup).toEqual({ force_reply: true, input_field_placeholder: 'El motivo (opcional)' });
    const res = await fetch(`${tg.apiRoot}/api/messages`, { method: 'POST', headers: asPage({ 'content-type': 'application/json' }), body: JSON.stringify({ text: 'porque sí', reply_to: ask.message_id }) });
    const { message_id: mine } = (await res.json()) as { message_id: number };
    const reply = tg.server.history().find((m) => m.message_id === mine)!;
    expect(reply.text).toBe('porque sí');
    expect(reply.reply_to_message?.message_id).toBe(ask.message_id);
    // Without reply_to it is a plain message.
    const plain = (await (await fetch(`${tg.apiRoot}/api/messages`, { method: 'POST', headers: asPage({ 'content-type': 'application/json' }), body: JSON.stringify({ text: 'otra cosa' }) })).json()) as { message_id: number };
    expect(tg.server.history().find((m) => m.message_id === plain.message_id)?.reply_to_message).toBeUndefined();
    // No bot reads these here: drop them, as deleteWebhook(drop_pending_updates) would.
    expect((await api('deleteWebhook', { drop_pending_updates: true })).json.result).toBe(true);
  });

  it('setMyCommands is what getMyCommands returns and what the page menu gets', async () => {
    const commands = [{ command: 'semana', description: 'Prepara una semana' }, { command: 'cancelar', description: 'Para lo que esté en marcha' }];
    expect((await api('setMyCommands', { commands })).json.result).toBe(true);
    expect((await api('getMyCommands', {})).json.result).toEqual(commands);
    expect((await api('setMyCommands', { commands: [{ command: 'Mal Nombre', description: 'x' }] })).json.description).toBe('Bad Request: BOT_COMMAND_INVALID');
  });
});

describe('long polling', () => {
  /** The offset the one consumer of these tests sends next (one consumer at a time: updates.ts). */
  let nextOffset = 0;
  it('a waiting getUpdates is answered as soon as the person writes; offset confirms', async () => {
    const poll = api('getUpdates', { timeout: 30, allowed_updates: ['message', 'callback_query'] });
    await tg.server.updates.whenPolling();
    tg.server.sendUserText('/semana 3');
    const { json } = await poll;
    expect(json.result).toHaveLength(1);
    const update = json.result[0];
    expect(update.message).toMatchObject({ text: '/semana 3', from: { id: chatId, is_bot: false }, entities: [{ type: 'bot_command', offset: 0, length: 7 }] });
    // Not confirmed yet: delivered again.
    expect((await api('getUpdates', { offset: update.update_id, timeout: 0 })).json.result).toHaveLength(1);
    nextOffset = update.update_id + 1;
    expect((await api('getUpdates', { offset: nextOffset, timeout: 0 })).json.result).toEqual([]);
  });

  it('a second poller gets 409 Conflict itself; the first keeps its poll (deliberately unlike Telegram)', async () => {
    const first = api('getUpdates', { offset: nextOffset, timeout: 20 });
    await tg.server.updates.whenPolling();
    const second = api('getUpdates', { timeout: 0 });
    expect((await second).json).toMatchObject({ ok: false, error_code: 409 });
    tg.server.sendUserText('sigo aquí');
    const got = (await first).json;
    expect(got.ok).toBe(true);
    expect(got.result.at(-1).message.text).toBe('sigo aquí');
    await api('getUpdates', { offset: got.result.at(-1).update_id + 1, timeout: 0 });
  });
});

describe('the chat page side', () => {
  it('serves the page and a live event stream (snapshot first)', async () => {
    const page = await fetch(`${tg.apiRoot}/`, { headers: asPage() });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<textarea id="text"');
    const ac = new AbortController();
    const res = await fetch(`${tg.apiRoot}/events`, { headers: asPage(), signal: ac.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"type":"snapshot"')) text += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    expect(text).toContain('"commands"');
  });

  it('refuses a foreign Origin, a foreign Host and stale buttons, in Spanish', async () => {
    const foreign = await fetch(`${tg.apiRoot}/api/messages`, { method: 'POST', headers: asPage({ 'content-type': 'application/json', origin: 'https://evil.example' }), body: JSON.stringify({ text: 'hola' }) });
    expect(foreign.status).toBe(403);
    const stale = await fetch(`${tg.apiRoot}/api/callbacks`, { method: 'POST', headers: asPage({ 'content-type': 'application/json' }), body: JSON.stringify({ message_id: 9999, data: 'x' }) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe('Ese botón ya no está disponible.');
    const empty = await fetch(`${tg.apiRoot}/api/messages`, { method: 'POST', headers: asPage({ 'content-type': 'application/json' }), body: JSON.stringify({ text: ' ' }) });
    expect(((await empty.json()) as { error: string }).error).toMatch(/^Escribe un mensaje/);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${tg.apiRoot}/`, { headers: { host: 'evil.example:80' } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('start-up errors', () => {
  it('a busy port is a CuadernoError with a Spanish sentence naming CHAT_PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const err = await startEmbeddedTelegram({ host: '127.0.0.1', port, token: TOKEN, filesDir: path.join(tmp, 'f2') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CuadernoError);
      expect((err as CuadernoError).code).toBe('CONFIG');
      expect((err as Error).message).toBe(`El puerto ${port} de 127.0.0.1 ya está en uso: cierra el programa que lo ocupa o arranca el chat en otro puerto (por ejemplo el ${port + 1}).`);
    } finally {
      blocker.close();
    }
  });

  it('refuses to bind anything but loopback', async () => {
    await expect(startEmbeddedTelegram({ host: '0.0.0.0', port: 0, token: TOKEN, filesDir: path.join(tmp, 'f3') })).rejects.toThrow(/solo escucha en esta máquina/);
  });
});
