/**
 * Hole 4 of the third hardening pass: a SIGKILL of the local chat's process (in local-chat mode the
 * bot's own) must leave on disk every message whose id was answered — to the bot (sendMessage,
 * sendDocument: the report it records as delivered) or to the page — and no id may be handed out
 * again after the restart, not even one only the page saw. The server runs alone in a child
 * process (chat-server.child.ts) and is killed right after the answer; a fresh server on the same
 * folder is the restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Api, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEBCHAT_USER, startEmbeddedTelegram, type EmbeddedTelegram } from '../../src/webchat/index.js';
import { childEnv, ROOT } from '../support/compiled.js';

const TOKEN = '5550440:durability-test';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Child { child: ChildProcess; apiRoot: string; pageSecret: string; next: () => Promise<Record<string, unknown>>; kill: () => Promise<void> }

async function startChild(filesDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/hardening/chat-server.child.ts', filesDir, TOKEN], { cwd: ROOT, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('close', () => r()));
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => { err += d; });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`the chat server ended: ${err}`);
    return JSON.parse(r.value) as Record<string, unknown>;
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  cleanups.push(kill);
  const ready = await next();
  return { child, apiRoot: String(ready.apiRoot), pageSecret: String(ready.pageSecret), next, kill };
}

async function restart(filesDir: string): Promise<EmbeddedTelegram> {
  const t = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir, log: (line) => expect.fail(`unexpected line: ${line}`) });
  cleanups.push(() => t.close());
  return t;
}

async function folder(): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'cv-chat-durable-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  return path.join(tmp, 'webchat');
}

describe('the local chat after a SIGKILL', () => {
  it('keeps every message whose id was answered, to the bot and to the page, and never reuses an id', async () => {
    const filesDir = await folder();
    const a = await startChild(filesDir);
    const api = new Api(TOKEN, { apiRoot: a.apiRoot });
    const chatId = DEFAULT_WEBCHAT_USER.id;
    const typed = await fetch(`${a.apiRoot}/api/messages`, {
      method: 'POST', headers: { authorization: `Bearer ${a.pageSecret}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'prepare la semana 3' }),
    }).then((r) => r.json() as Promise<{ message_id: number }>);
    const approval = await api.sendMessage(chatId, '🔐 ¿Genero la portada?', { reply_markup: { inline_keyboard: [[{ text: '✅ Aprobar', callback_data: 'ap:1' }]] } });
    const report = await api.sendDocument(chatId, new InputFile(Buffer.from('informe'), 'informe.md'), { caption: '📋 Informe' });
    // Killed at once: nothing after the last answer may be needed for what it named to survive.
    await a.kill();

    const b = await restart(filesDir);
    const ids = b.server.history().map((m) => m.message_id);
    expect(ids).toEqual([typed.message_id, approval.message_id, report.message_id]);
    expect(b.server.history().at(-1)?.caption).toBe('📋 Informe');
    const status = await new Api(TOKEN, { apiRoot: b.apiRoot }).sendMessage(chatId, 'Progreso: 0/3');
    expect(status.message_id).toBeGreaterThan(report.message_id);
  });

  it('a question typed and a button tapped that the bot had not taken yet reach it after the restart, once', async () => {
    const filesDir = await folder();
    const a = await startChild(filesDir);
    const chatId = DEFAULT_WEBCHAT_USER.id;
    const api = new Api(TOKEN, { apiRoot: a.apiRoot });
    const approval = await api.sendMessage(chatId, '🔐 ¿Genero la portada?', { reply_markup: { inline_keyboard: [[{ text: '✅ Aprobar', callback_data: 'ap:1' }]] } });
    const page = (pathname: string, body: unknown) => fetch(`${a.apiRoot}${pathname}`, {
      method: 'POST', headers: { authorization: `Bearer ${a.pageSecret}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ ok: boolean }>);
    expect((await page('/api/callbacks', { message_id: approval.message_id, data: 'ap:1' })).ok).toBe(true);
    expect((await page('/api/messages', { text: 'prepare la semana 3' })).ok).toBe(true);
    await a.kill();

    const b = await restart(filesDir);
    const apiB = new Api(TOKEN, { apiRoot: b.apiRoot });
    const updates = await apiB.getUpdates({ timeout: 0 });
    expect(updates.map((u) => u.callback_query?.data ?? u.message?.text)).toEqual(['ap:1', 'prepare la semana 3']);
    // The tap is still answerable, and confirmed updates are gone for good.
    expect(await apiB.answerCallbackQuery(updates[0]!.callback_query!.id)).toBe(true);
    expect(await apiB.getUpdates({ offset: updates[1]!.update_id + 1, timeout: 0 })).toEqual([]);
  });

  it('never hands out again an id only the page saw, even when the chat file had no time to be written', async () => {
    const filesDir = await folder();
    const a = await startChild(filesDir);
    const seen: number[] = [];
    for (const text of ['uno', 'dos', 'tres']) {
      a.child.stdin!.write(`type ${text}\n`);
      seen.push(Number((await a.next()).typed));
    }
    await a.kill();

    const b = await restart(filesDir);
    const next = await new Api(TOKEN, { apiRoot: b.apiRoot }).sendMessage(DEFAULT_WEBCHAT_USER.id, 'Hola de nuevo');
    expect(next.message_id).toBeGreaterThan(Math.max(...seen));
  });
});
