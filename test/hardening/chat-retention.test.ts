/**
 * Hole 8 of the third hardening pass, the part about disk: the local chat keeps its files (uploads,
 * the bot's photos — every cover redone is one more) and its archive of old messages within the
 * bounds retention.ts states, over real HTTP against the real server (the bounds shrunk for the test).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Api, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { CHAT_ARCHIVE_FILE, CHAT_ARCHIVE_OLD_FILE, type Retention } from '../../src/webchat/retention.js';

const TOKEN = '5550909:retention-test';
const MB = 2 ** 20;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-chat-retention-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  return path.join(tmp, 'chat');
}

async function start(filesDir: string, retention: Partial<Retention>): Promise<EmbeddedTelegram> {
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir, retention });
  cleanups.push(() => t.close());
  return t;
}

async function upload(t: EmbeddedTelegram, name: string, bytes: Buffer): Promise<number> {
  const res = await fetch(`${t.apiRoot}/api/files?name=${name}&as=document`, {
    method: 'POST', headers: { authorization: `Bearer ${t.pageSecret}`, origin: t.apiRoot, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { message_id: number }).message_id;
}

async function storedBytes(filesDir: string): Promise<number> {
  const names = (await readdir(filesDir, { recursive: true })).filter((f) => /file_\d+/.test(f));
  const sizes = await Promise.all(names.map((f) => stat(path.join(filesDir, f)).then((s) => s.size)));
  return sizes.reduce((a, b) => a + b, 0);
}

describe('files sent in the local chat', () => {
  it('keep the newest within the budget; older ones are deleted and the page says they are gone', async () => {
    const filesDir = await folder();
    const t = await start(filesDir, { fileBytes: 3 * MB, fileMinAgeMs: 0 });
    for (let i = 1; i <= 5; i++) await upload(t, `apuntes${i}.pdf`, Buffer.alloc(MB, i));
    expect(await storedBytes(filesDir)).toBeLessThanOrEqual(3 * MB);
    const ids = t.server.history().map((m) => m.document!.file_id);
    expect(ids).toHaveLength(5);
    const served = await Promise.all(ids.map(async (id) => {
      const r = await fetch(`${t.apiRoot}/files/${id}`, { headers: { authorization: `Bearer ${t.pageSecret}` } });
      await r.arrayBuffer();
      return r.status;
    }));
    expect(served).toEqual([404, 404, 200, 200, 200]);

    // A bot's photo (a cover, redone) counts against the same budget.
    await new Api(TOKEN, { apiRoot: t.apiRoot }).sendDocument(t.server.chatId, new InputFile(Buffer.alloc(MB, 9), 'portada-v2.png'));
    expect(await storedBytes(filesDir)).toBeLessThanOrEqual(3 * MB);
  });

  it('never deletes a file saved within the minimum age, even past the budget', async () => {
    const filesDir = await folder();
    const t = await start(filesDir, { fileBytes: 2 * MB, fileMinAgeMs: 60 * 60 * 1000 });
    for (let i = 1; i <= 3; i++) await upload(t, `apuntes${i}.pdf`, Buffer.alloc(MB, i));
    expect(await storedBytes(filesDir)).toBe(3 * MB);
  });
});

describe('the archive of old messages', () => {
  it('rotates past its bound: at most two generations, the newest messages in the current one', async () => {
    const filesDir = await folder();
    const t = await start(filesDir, { messagesPerChat: 5, archiveBytes: 4000 });
    const api = new Api(TOKEN, { apiRoot: t.apiRoot });
    for (let i = 1; i <= 80; i++) await api.sendMessage(t.server.chatId, `mensaje número ${i} de una conversación larga`);
    await t.close();
    const size = (f: string) => stat(path.join(filesDir, f)).then((s) => s.size, () => 0);
    const [current, previous] = await Promise.all([size(CHAT_ARCHIVE_FILE), size(CHAT_ARCHIVE_OLD_FILE)]);
    expect(previous).toBeGreaterThan(0);
    expect(previous).toBeLessThanOrEqual(4000);
    expect(current).toBeGreaterThan(0);
    expect(current).toBeLessThanOrEqual(4000);
    const last = (await readFile(path.join(filesDir, CHAT_ARCHIVE_FILE), 'utf8')).trim().split('\n').at(-1)!;
    expect((JSON.parse(last) as { text: string }).text).toBe('mensaje número 75 de una conversación larga');
  });
});
