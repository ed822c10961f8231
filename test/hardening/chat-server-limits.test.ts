/**
 * Hole 8 of the third hardening pass — the local chat server's limits, over real HTTP against the
 * real server: a file over the page's limit gets its sentence (413), not a reset; uploads past the
 * bytes in flight get the «busy» sentence before they are held; sockets that never authenticate
 * are closed (after an injected, short time; the test waits for the close, never a delay) and
 * capped, while authenticated ones stay; one getUpdates consumer at a time, whatever the form of
 * the other's calls; the Host header must be a loopback name.
 */
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import type { ConnectionLimits } from '../../src/webchat/limits.js';
import { MAX_IN_FLIGHT_BYTES } from '../../src/webchat/params.js';
import { MAX_USER_FILE_BYTES } from '../../src/webchat/user-files.js';
import { S } from '../../src/strings/server.js';

const TOKEN = '5550808:limits-test';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(limits?: Partial<ConnectionLimits>): Promise<EmbeddedTelegram> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-chat-limits-'));
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'chat'), ...(limits ? { limits } : {}) });
  cleanups.push(async () => { await t.close(); await rm(tmp, { recursive: true, force: true }); });
  return t;
}

interface Answer { status: number; body: string }

/** An HTTP request whose body is written by the caller; `answer` settles with the response (or the error). */
function open(t: EmbeddedTelegram, pathname: string, headers: Record<string, string | number>, agent: Agent = new Agent({ keepAlive: true })) {
  const req = request(`${t.apiRoot}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${t.pageSecret}`, origin: t.apiRoot, ...headers }, agent });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (r) => {
      let body = '';
      r.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => resolve({ status: r.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

const closed = (s: Socket) => new Promise<void>((r) => { if (s.destroyed) r(); else s.once('close', () => r()); });

function rawSocket(t: EmbeddedTelegram): Promise<Socket> {
  const { port } = new URL(t.apiRoot);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

describe('uploads from the page', () => {
  it('a file over the limit, sent whole, gets the 413 sentence instead of a reset; nothing is stored', async () => {
    const t = await start();
    const size = 25 * 1024 * 1024;
    // A bare socket writing the whole request, as a browser sends a file without waiting for an
    // answer: the answer must reach it, and the connection must not be reset.
    const socket = await rawSocket(t);
    let received = '';
    socket.setEncoding('latin1').on('data', (d: string) => { received += d; });
    const ended = new Promise<void>((resolve, reject) => { socket.on('error', reject); socket.on('close', () => resolve()); });
    const { host } = new URL(t.apiRoot);
    socket.write(`POST /api/files?name=grande.pdf HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${t.pageSecret}\r\nOrigin: ${t.apiRoot}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
    }
    await ended;
    const [head, body] = Buffer.from(received, 'latin1').toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(body!)).toEqual({ ok: false, error: S.fileTooBig });
    expect(t.server.history()).toEqual([]);
  });

  it('past the bytes in flight an upload gets the «busy» sentence before it is held; the others arrive', async () => {
    const t = await start();
    const size = MAX_USER_FILE_BYTES - 100 * 1024;
    const fits = Math.floor(MAX_IN_FLIGHT_BYTES / size);
    const first = Array.from({ length: fits }, (_, i) => open(t, `/api/files?name=f${i}.bin`, { 'content-type': 'application/octet-stream', 'content-length': size }));
    for (const u of first) u.req.write(Buffer.alloc(1024, 1));
    // The event waited for: every declared upload reserved (the server's own count).
    while (t.server.uploads.bytes < fits * size) await new Promise((r) => setImmediate(r));
    const extra = open(t, '/api/files?name=otra.bin', { 'content-type': 'application/octet-stream', 'content-length': size });
    extra.req.write(Buffer.alloc(1024, 1));
    const refused = await extra.answer;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ ok: false, error: S.uploadsBusy });
    extra.req.destroy();
    for (const u of first) u.req.end(Buffer.alloc(size - 1024, 2));
    expect((await Promise.all(first.map((u) => u.answer))).map((a) => a.status)).toEqual(first.map(() => 200));
    expect(t.server.uploads.bytes).toBe(0);
    expect(t.server.history()).toHaveLength(fits);
  });
});

describe('sockets', () => {
  it('a socket that never authenticates is closed; past the cap the oldest go first; authenticated ones stay', async () => {
    const t = await start({ unauthenticatedMs: 300, maxUnauthenticated: 4 });
    // The page's live stream, authenticated, opened first: it must outlive every stranger below.
    const stream = await new Promise<{ socket: Socket; done: () => void }>((resolve, reject) => {
      const req = request(`${t.apiRoot}/events`, { headers: { authorization: `Bearer ${t.pageSecret}` }, agent: false });
      req.on('response', (r) => { r.resume(); resolve({ socket: req.socket!, done: () => req.destroy() }); });
      req.on('error', reject);
      req.end();
    });
    const strangers = await Promise.all(Array.from({ length: 10 }, () => rawSocket(t)));
    // A slowloris: headers started, never finished.
    const slow = await rawSocket(t);
    slow.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await Promise.all([...strangers, slow].map(closed));
    expect(stream.socket.destroyed).toBe(false);
    expect(t.connections()).toEqual({ open: 1, unauthenticated: 0 });
    // The page still answers whoever has its secret.
    const page = await fetch(`${t.apiRoot}/`, { headers: { authorization: `Bearer ${t.pageSecret}` } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    stream.done();
  });

  it('the Host header must be a loopback name: 127.999.0.1 and 127.0.0.2 are refused, [::1] and localhost with a port pass', async () => {
    const t = await start();
    const { port } = new URL(t.apiRoot);
    const statusFor = (host: string) => new Promise<number>((resolve, reject) => {
      const req = request(`${t.apiRoot}/bot${TOKEN}/getMe`, { headers: { host }, agent: false });
      req.on('response', (r) => { r.resume(); resolve(r.statusCode ?? 0); }).on('error', reject).end();
    });
    expect(await statusFor('127.999.0.1')).toBe(403);
    expect(await statusFor(`127.999.0.1:${port}`)).toBe(403);
    expect(await statusFor('127.0.0.2')).toBe(403);
    expect(await statusFor('evil.example:80')).toBe(403);
    expect(await statusFor(`localhost:${port}`)).toBe(200);
    expect(await statusFor(`[::1]:${port}`)).toBe(200);
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(200);
  });
});

describe('one getUpdates consumer at a time', () => {
  it('while the bot polls, every other poller gets 409, in every form, and the bot gets all 40 updates', async () => {
    const t = await start();
    const call = (agent: Agent, query: string, body?: string) => new Promise<{ status: number; json: { ok: boolean; result?: Array<{ update_id: number; message: { text: string } }> } }>((resolve, reject) => {
      const req = request(`${t.apiRoot}/bot${TOKEN}/getUpdates${query}`, { method: body === undefined ? 'GET' : 'POST', agent, headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' } });
      req.on('response', (r) => {
        let text = '';
        r.setEncoding('utf8').on('data', (d: string) => { text += d; }).on('end', () => resolve({ status: r.statusCode ?? 0, json: JSON.parse(text) }));
      }).on('error', reject);
      req.end(body);
    });
    // The bot, as @grammyjs/runner polls: long polls, the offset after the last update it got.
    const botAgent = new Agent({ keepAlive: true });
    const got: string[] = [];
    let stop = false;
    const bot = (async () => {
      let offset = 0;
      while (!stop) {
        const r = await call(botAgent, `?timeout=30&offset=${offset}`);
        expect(r.status).toBe(200);
        for (const u of r.json.result ?? []) {
          got.push(u.message.text);
          offset = u.update_id + 1;
        }
      }
      await call(botAgent, `?timeout=0&offset=${offset}`);
    })();
    await t.server.updates.whenPolling();
    const other = new Agent({ keepAlive: true });
    const forms: Array<[string, string?]> = [['?timeout=0'], ['?timeout=0&offset=-1'], ['?timeout=0&offset=1'], ['', 'timeout=0'], ['?timeout=0&limit=100'], ['?timeout=2']];
    const refused: number[] = [];
    let pushed = 0;
    for (let i = 0; got.length < 40; i++) {
      const [query, body] = forms[i % forms.length]!;
      const r = await call(other, query, body);
      refused.push(r.status);
      expect(r.json.result, `call ${i} (${query}${body ?? ''}) was served`).toBeUndefined();
      if (pushed < 40) t.server.sendUserText(`mensaje ${++pushed}`);
    }
    stop = true;
    t.server.sendUserText('fin');
    await bot;
    expect(new Set(refused)).toEqual(new Set([409]));
    expect(got.slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, i) => `mensaje ${i + 1}`));
    botAgent.destroy();
    other.destroy();
  });

  it('the bot stopping (its connection closed) frees the turn at once for the next copy', async () => {
    const t = await start();
    const first = new Agent({ keepAlive: true });
    const poll = (agent: Agent, query: string) => new Promise<number>((resolve, reject) => {
      const req = request(`${t.apiRoot}/bot${TOKEN}/getUpdates${query}`, { agent });
      req.on('response', (r) => { r.resume(); r.on('end', () => resolve(r.statusCode ?? 0)); }).on('error', reject).end();
    });
    t.server.sendUserText('hola');
    expect(await poll(first, '?timeout=0')).toBe(200);
    const sockets = Object.values(first.sockets).flat().concat(Object.values(first.freeSockets).flat());
    first.destroy();
    await Promise.all(sockets.map((s) => closed(s as Socket)));
    // The server sees the close a moment later: the newcomer is served once it has (no delay as a barrier).
    const second = new Agent({ keepAlive: true });
    let status = await poll(second, '?timeout=0');
    while (status === 409) status = await poll(second, '?timeout=0');
    expect(status).toBe(200);
    second.destroy();
  });
});
