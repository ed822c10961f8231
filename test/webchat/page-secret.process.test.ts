/**
 * Issue 22, hole 1: the chat page needs the installation's secret. Without it another local user
 * could read the whole chat (`/events`), type in it (`/api/messages`) or tap Aprobar
 * (`/api/callbacks`). Real HTTP against the real server; the bot's own routes keep their token.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { startBotProcess } from '../main/bot-process.js';
import { freePort } from '../support/telegram.js';
import { tempDir } from '../tools/helpers.js';

const TOKEN = newWebchatToken();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d4c0a50000000049454e44ae426082', 'hex');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function chatIn(filesDir?: string): Promise<{ tg: EmbeddedTelegram; filesDir: string }> {
  let dir = filesDir;
  if (!dir) {
    const t = await tempDir('cv-clave-');
    cleanups.push(t.cleanup);
    dir = path.join(t.dir, 'webchat');
  }
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: dir, log: () => undefined });
  cleanups.push(() => tg.close());
  return { tg, filesDir: dir };
}

/** A photo and a message with a button, sent by the bot through its own routes. */
async function botSends(tg: EmbeddedTelegram): Promise<{ fileId: string; messageId: number }> {
  const form = new FormData();
  form.set('chat_id', String(tg.server.chatId));
  form.set('photo', new Blob([PNG], { type: 'image/png' }), 'portada.png');
  const photo = (await (await fetch(`${tg.apiRoot}/bot${TOKEN}/sendPhoto`, { method: 'POST', body: form })).json()) as { ok: boolean; result: { photo: { file_id: string }[] } };
  expect(photo.ok).toBe(true);
  const asked = (await (await fetch(`${tg.apiRoot}/bot${TOKEN}/sendMessage`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: tg.server.chatId, text: '🔐 ¿Apruebas?', reply_markup: { inline_keyboard: [[{ text: 'Aprobar', callback_data: 'si' }]] } }),
  })).json()) as { ok: boolean; result: { message_id: number } };
  expect(asked.ok).toBe(true);
  return { fileId: photo.result.photo.at(-1)!.file_id, messageId: asked.result.message_id };
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});

/** Every route the page server serves, as a request a stranger could make. */
function pageRoutes(fileId: string, messageId: number): Array<[string, RequestInit]> {
  return [
    ['/', {}], ['/index.html', {}], ['/app.js', {}], ['/style.css', {}], ['/icon.svg', {}], ['/textos.js', {}],
    ['/events', {}], [`/files/${fileId}`, {}], [`/files/${fileId}?download`, {}], ['/no-existe', {}],
    ['/api/messages', json({ text: 'hola, soy otro usuario' })],
    ['/api/callbacks', json({ message_id: messageId, data: 'si' })],
  ];
}

describe('the chat page needs its secret', () => {
  it('every page route answers 401 with a short Spanish page without the secret, or with a wrong one', async () => {
    const { tg } = await chatIn();
    const { fileId, messageId } = await botSends(tg);
    const before = tg.server.history().length;
    const wrong: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer ${TOKEN}` }, { cookie: `cuaderno_clave_${new URL(tg.apiRoot).port}=nope` }];
    for (const [route, init] of pageRoutes(fileId, messageId)) {
      for (const headers of wrong) {
        const res = await fetch(`${tg.apiRoot}${route}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers }, redirect: 'manual' });
        expect(res.status, `${route} ${JSON.stringify(headers)}`).toBe(401);
        const page = await res.text();
        expect(page).toMatch(/abre la dirección completa que apareció donde arrancaste el bot/);
        expect(page).not.toMatch(/token|clave=|Bearer/i);
      }
    }
    // Nothing reached the bot: no message typed, no button tapped.
    expect(tg.server.history()).toHaveLength(before);
    expect(tg.server.updates.nextUpdateId).toBe(1);
  });

  it('the printed address trades the secret for an HttpOnly SameSite=Strict cookie named after the port, and leaves it out of the address', async () => {
    const { tg, filesDir } = await chatIn();
    const port = new URL(tg.apiRoot).port;
    const printed = new URL(tg.chatUrl);
    const secret = (await readFile(path.join(filesDir, 'clave'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(printed.searchParams.get('clave')).toBe(secret);
    expect(`${printed.origin}${printed.pathname}`).toBe(`${tg.apiRoot}/`);

    const opened = await fetch(tg.chatUrl, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^cuaderno_clave_${port}=`));
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    const pair = cookie.split(';')[0]!;

    const page = await fetch(`${tg.apiRoot}/`, { headers: { cookie: pair } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<title>Cuaderno Vivo/);
    const { fileId, messageId } = await botSends(tg);
    for (const headers of [{ cookie: pair }, { authorization: `Bearer ${secret}` }] as Record<string, string>[]) {
      expect((await fetch(`${tg.apiRoot}/files/${fileId}`, { headers })).status).toBe(200);
      const ac = new AbortController();
      const events = await fetch(`${tg.apiRoot}/events`, { headers, signal: ac.signal });
      expect(events.headers.get('content-type')).toMatch(/text\/event-stream/);
      ac.abort();
    }
    const typed = await fetch(`${tg.apiRoot}/api/messages`, json({ text: 'hola' }, { authorization: `Bearer ${secret}` }));
    expect(typed.status).toBe(200);
    const tapped = await fetch(`${tg.apiRoot}/api/callbacks`, json({ message_id: messageId, data: 'si' }, { cookie: pair }));
    expect(tapped.status).toBe(200);
  });

  it('the secret is made once, kept 0600 in the chat folder, and the same after a restart', async () => {
    const first = await chatIn();
    const file = path.join(first.filesDir, 'clave');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const printed = first.tg.chatUrl;
    await first.tg.close();
    const again = await chatIn(first.filesDir);
    expect(again.tg.chatUrl.replace(/:\d+\//, ':P/')).toBe(printed.replace(/:\d+\//, ':P/'));
    const other = await chatIn();
    expect(new URL(other.tg.chatUrl).searchParams.get('clave')).not.toBe(new URL(printed).searchParams.get('clave'));
  });

  it('the Bot API keeps its own token: the bot works without the page secret, and the page secret is not a bot token', async () => {
    const { tg } = await chatIn();
    const me = await fetch(`${tg.apiRoot}/bot${TOKEN}/getMe`);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { ok: boolean }).ok).toBe(true);
    const secret = new URL(tg.chatUrl).searchParams.get('clave')!;
    expect((await fetch(`${tg.apiRoot}/bot${secret}/getMe`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
  });

  it('npm start prints the address with the secret; the bare address is refused', async () => {
    const t = await tempDir('cv-clave-main-');
    cleanups.push(t.cleanup);
    const port = await freePort();
    const bot = startBotProcess({ CUADERNO_DATA_DIR: t.dir, CHAT_PORT: String(port), CUADERNO_MODELO: 'local' });
    cleanups.push(async () => { bot.killGroup(); await bot.exited; });
    const out = await bot.waitForStdout(/Chat local listo: abre (\S+)/, 60_000);
    const printed = /Chat local listo: abre (\S+)/.exec(out)![1]!;
    expect(printed).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?clave=[A-Za-z0-9_-]{32,}$`));
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(401);
    const opened = await fetch(printed, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const pair = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie: pair } })).status).toBe(200);
  });
});
