/**
 * Hole 1 (a forged approval through an SVG "photo") and hole 2 on the embedded server (one GET
 * stops the bot), plus the page server's upload caps (hole 12): all over real HTTP.
 */
import { mkdtemp, readdir, rm, stat, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess } from '../main/bot-process.js';
import { startLocalChat, type LocalChat } from '../support/local-chat.js';
import { freePort } from '../support/telegram.js';
import { makePng } from '../webchat/media-fixtures.js';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="fetch(\'/api/callbacks\',{method:\'POST\'})"><script>alert(1)</script></svg>');

let chat: LocalChat;
let token: string;
let base: string;
beforeAll(async () => {
  // Long polls, as in production: the bot's poll is surely still waiting when a stray one arrives.
  chat = await startLocalChat('cv-botapi-sec-', 30);
  token = chat.token;
  base = `${chat.tg.apiRoot}/bot${token}`;
});
afterAll(() => chat.close());

function multipart(field: string, filename: string, data: Buffer, extra: Record<string, string> = {}): { body: Buffer; type: string } {
  const boundary = 'b0und4ry';
  const parts = Object.entries(extra).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(method: string, field: string, filename: string, data: Buffer) {
  const { body, type } = multipart(field, filename, data, { chat_id: String(chat.tg.server.chatId) });
  const res = await fetch(`${base}/${method}`, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) });
  return { status: res.status, json: (await res.json()) as { ok: boolean; description?: string; result?: Record<string, unknown> } };
}

async function filesOnDisk(): Promise<string[]> {
  const dir = chat.tg.server.files.dir;
  return (await readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((f) => /file_\d+/.test(f));
}

describe('the embedded Bot API refuses what a browser page could abuse', () => {
  it('sendPhoto takes only raster images sniffed from the bytes: an SVG named photo.png is refused and nothing is stored', async () => {
    const before = await filesOnDisk();
    for (const name of ['photo.png', 'photo.svg', 'photo.jpg']) {
      const r = await upload('sendPhoto', 'photo', name, SVG);
      expect(r.status, name).toBe(400);
      expect(r.json.description).toMatch(/IMAGE_PROCESS_FAILED/);
    }
    expect(await filesOnDisk()).toEqual(before);
    const ok = await upload('sendPhoto', 'photo', 'x.png', makePng(8, 8));
    expect(ok.status).toBe(200);
  });

  it('every file is served with nosniff and a CSP sandbox; anything not image/audio/video is an attachment', async () => {
    const doc = await upload('sendDocument', 'document', 'notas.svg', SVG);
    expect(doc.status).toBe(200);
    const docId = (doc.json.result!.document as { file_id: string }).file_id;
    const photo = await upload('sendPhoto', 'photo', 'x.png', makePng(8, 8));
    const photoId = (photo.json.result!.photo as { file_id: string }[])[0]!.file_id;
    for (const [id, inline] of [[docId, false], [photoId, true]] as const) {
      const res = await fetch(`${chat.tg.apiRoot}/files/${id}`, { headers: { authorization: `Bearer ${chat.tg.pageSecret}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      if (inline) expect(res.headers.get('content-disposition')).toBeNull();
      else expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      await res.arrayBuffer();
    }
    // Through the Bot API's own file URL too.
    const fileInfo = (await (await fetch(`${base}/getFile?file_id=${docId}`)).json()) as { result: { file_path: string } };
    const raw = await fetch(`${chat.tg.apiRoot}/file/bot${token}/${fileInfo.result.file_path}`);
    expect(raw.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment/);
    await raw.arrayBuffer();
  });

  it('/bot… routes refuse any browser request (an Origin or Sec-Fetch-Site header), GET and form POST alike', async () => {
    const origin = chat.tg.apiRoot;
    const text = encodeURIComponent('falso');
    const attempts: Array<[string, RequestInit]> = [
      [`${base}/sendMessage?chat_id=${chat.tg.server.chatId}&text=${text}`, { headers: { origin } }],
      [`${base}/sendMessage?chat_id=${chat.tg.server.chatId}&text=${text}`, { headers: { 'sec-fetch-site': 'same-origin' } }],
      [`${base}/sendMessage`, { method: 'POST', headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' }, body: `chat_id=${chat.tg.server.chatId}&text=${text}` }],
      [`${base}/getUpdates`, { headers: { origin: 'https://evil.example' } }],
    ];
    for (const [url, init] of attempts) {
      const res = await fetch(url, init);
      expect(res.status, JSON.stringify(init.headers)).toBe(403);
      await res.arrayBuffer();
    }
    expect(chat.tg.server.history().some((m) => 'text' in m && m.text === 'falso')).toBe(false);
  });

  it('hole 2: a second getUpdates consumer gets the 409 itself and the bot keeps polling and answering', async () => {
    // The bot's own long poll is waiting (the event, not a delay); the newcomer must not take it.
    await chat.tg.server.updates.whenPolling();
    const stolen = await fetch(`${base}/getUpdates?timeout=0`);
    expect(stolen.status).toBe(409);
    await stolen.arrayBuffer();
    chat.tg.server.sendUserText('/ayuda');
    await chat.tg.server.waitForRequest('sendMessage', (r) => /\/semana/.test(String(r.params.text)), 20_000);
  });

  it('hole 12: uploads over 50 MB each are refused with 413; past 100 MB in flight a request gets 429', async () => {
    const url = new URL(`${base}/sendDocument`);
    const open = (length: number, type = 'multipart/form-data; boundary=b0und4ry') => {
      const req = request(url, { method: 'POST', headers: { 'content-type': type, 'content-length': length } });
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (r) => { r.resume(); resolve(r.statusCode ?? 0); });
        req.on('error', reject);
      });
      return { req, status };
    };
    const tooBig = open(50 * 1024 * 1024 + 1);
    tooBig.req.flushHeaders();
    expect(await tooBig.status).toBe(413);
    tooBig.req.destroy();

    // Two 45 MB uploads being sent (headers and a first chunk), the third one announced: refused.
    const { body, type } = multipart('document', 'a.bin', Buffer.alloc(45 * 1024 * 1024, 1), { chat_id: String(chat.tg.server.chatId) });
    const first = open(body.length, type);
    const second = open(body.length, type);
    first.req.write(body.subarray(0, 1024));
    second.req.write(body.subarray(0, 1024));
    const inFlight = () => chat.tg.server.uploads.bytes;
    while (inFlight() < 2 * body.length) await new Promise((r) => setImmediate(r));
    const third = open(body.length, type);
    third.req.flushHeaders();
    expect(await third.status).toBe(429);
    third.req.destroy();
    first.req.end(body.subarray(1024));
    second.req.end(body.subarray(1024));
    expect([await first.status, await second.status]).toEqual([200, 200]);
    expect(inFlight()).toBe(0);
  });
});

describe('the Bot API token of the local chat', () => {
  let tmp: string;
  beforeAll(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-token-')); });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('is generated per installation, kept in the data dir with mode 0600, and the old built-in one is refused', async () => {
    const port = await freePort();
    const bot = startBotProcess({ CUADERNO_DATA_DIR: tmp, CHAT_PORT: String(port), CUADERNO_MODELO: 'local' });
    try {
      await bot.waitForStdout(/Chat local listo/, 60_000);
      const file = path.join(tmp, 'webchat', 'bot-token');
      const st = await stat(file);
      expect(st.mode & 0o777).toBe(0o600);
      const saved = (await readFile(file, 'utf8')).trim();
      expect(saved).toMatch(/^\d+:[A-Za-z0-9_-]{32,}$/);
      const me = await fetch(`http://127.0.0.1:${port}/bot${saved}/getMe`);
      expect(me.status).toBe(200);
      const old = await fetch(`http://127.0.0.1:${port}/bot7000000001:cuaderno-vivo-chat-local/getMe`);
      expect(old.status).toBe(401);
    } finally {
      bot.signal('SIGTERM');
      await bot.exited;
    }
    // A token is never in the source.
    const index = await readFile(path.resolve('src/webchat/index.ts'), 'utf8');
    expect(index).not.toMatch(/\d{6,}:[A-Za-z]/);
  });
});
