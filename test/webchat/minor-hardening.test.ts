/**
 * Issue 22, the minor ones, over real HTTP and real files: a file with PNG magic and HTML inside is
 * not a photo; a chat.json saved with a UTF-8 BOM is the same chat, not a damaged one; a folder in
 * place of the bot token gives one sentence, not a raw EISDIR.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebchatToken, newWebchatToken, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { tempDir } from '../tools/helpers.js';
import { makePng } from './media-fixtures.js';

const TOKEN = newWebchatToken();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function chat(filesDir?: string, log: (l: string) => void = () => undefined): Promise<{ tg: EmbeddedTelegram; filesDir: string }> {
  let dir = filesDir;
  if (!dir) {
    const t = await tempDir('cv-minor-');
    cleanups.push(t.cleanup);
    dir = path.join(t.dir, 'webchat');
  }
  const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: dir, log });
  cleanups.push(() => tg.close());
  return { tg, filesDir: dir };
}

async function sendPhoto(tg: EmbeddedTelegram, bytes: Buffer): Promise<{ status: number; description?: string }> {
  const form = new FormData();
  form.set('chat_id', String(tg.server.chatId));
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'portada.png');
  const res = await fetch(`${tg.apiRoot}/bot${TOKEN}/sendPhoto`, { method: 'POST', body: form });
  return { status: res.status, ...((await res.json()) as { description?: string }) };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/callbacks",{method:"POST"})</script></body></html>');

describe('a photo is an image, not just its first bytes', () => {
  it('PNG magic followed by HTML, a PNG with a broken header, and HTML after a real header are refused; a real PNG is taken', async () => {
    const { tg } = await chat();
    const real = makePng(8, 8);
    const brokenHeader = Buffer.from(real);
    brokenHeader[29] = brokenHeader[29]! ^ 0xff; // IHDR's CRC no longer matches
    const htmlAfterHeader = Buffer.concat([real.subarray(0, 33), HTML]);
    for (const [what, bytes] of [['magic + HTML', Buffer.concat([PNG_MAGIC, HTML])], ['broken IHDR', brokenHeader], ['real IHDR + HTML', htmlAfterHeader]] as const) {
      const r = await sendPhoto(tg, bytes);
      expect(r.status, what).toBe(400);
      expect(r.description, what).toMatch(/IMAGE_PROCESS_FAILED/);
    }
    expect(tg.server.history()).toEqual([]);
    expect((await sendPhoto(tg, real)).status).toBe(200);
  });
});

describe('a chat.json saved with a BOM', () => {
  it('is the same chat after a restart: nothing set aside, nothing said', async () => {
    const first = await chat();
    first.tg.server.sendUserText('hola desde antes');
    await first.tg.close();
    const file = path.join(first.filesDir, 'chat.json');
    await writeFile(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(file)]));
    const lines: string[] = [];
    const again = await chat(first.filesDir, (l) => lines.push(l));
    expect(lines).toEqual([]);
    expect(again.tg.server.history().map((m) => m.text)).toEqual(['hola desde antes']);
    expect((await readdir(first.filesDir)).filter((n) => n.includes('corrupto'))).toEqual([]);
  });
});

describe('a folder in place of the bot token', () => {
  it('stops with one Spanish sentence naming the file, not a raw EISDIR', async () => {
    const t = await tempDir('cv-minor-token-');
    cleanups.push(t.cleanup);
    await mkdir(path.join(t.dir, 'bot-token'));
    const error = await loadWebchatToken(t.dir).then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/bot-token.*carpeta.*muévela o bórrala/);
    expect(error?.message).not.toMatch(/EISDIR/);
    await rm(path.join(t.dir, 'bot-token'), { recursive: true });
    expect(await loadWebchatToken(t.dir)).toMatch(/^\d+:[A-Za-z0-9_-]{32,}$/);
  });
});
