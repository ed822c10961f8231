/**
 * Issue 22, hole 1 (continued): the data folder is the owner's alone. `npm start` narrows an old
 * install (0755 folders, 0644 files) at start-up, and everything it creates is 0700 / 0600.
 * The real bot process; a message typed on the page (with the page's secret) makes it write.
 */
import { chmod, copyFile, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBotProcess } from '../main/bot-process.js';
import { freePort } from '../support/telegram.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every entry below `dir` (itself included) that group or others may use, as `path mode`. */
async function openEntries(dir: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (p: string) => {
    const st = await lstat(p);
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) open.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of await readdir(p)) await walk(path.join(p, name));
  };
  await walk(dir);
  return open;
}

describe('the data folder is private', () => {
  it('an old install (0755 / 0644) is narrowed at start, and what the bot writes is 0700 / 0600', async () => {
    const t = await tempDir('cv-private-');
    cleanups.push(t.cleanup);
    const dir = path.join(t.dir, 'datos');
    await mkdir(path.join(dir, 'webchat'), { recursive: true, mode: 0o755 });
    await mkdir(path.join(dir, 'runs', 'viejo'), { recursive: true, mode: 0o755 });
    await copyFile(path.resolve('assets/notas.json'), path.join(dir, 'notas.json'));
    await writeFile(path.join(dir, 'tarjetas.json'), '[]', { mode: 0o644 });
    await writeFile(path.join(dir, 'runs', 'viejo', 'algo.json'), '{}', { mode: 0o666 });
    for (const p of ['.', 'webchat', 'runs', 'runs/viejo']) await chmod(path.join(dir, p), 0o755);
    for (const p of ['notas.json', 'tarjetas.json', 'runs/viejo/algo.json']) await chmod(path.join(dir, p), 0o644);
    expect((await openEntries(dir)).length).toBe(7);

    const port = await freePort();
    const bot = startBotProcess({ CUADERNO_DATA_DIR: dir, CHAT_PORT: String(port), CUADERNO_MODELO: 'local' });
    cleanups.push(async () => { bot.killGroup(); await bot.exited; });
    await bot.waitForStdout(/Chat local listo/, 60_000);
    expect(await openEntries(dir)).toEqual([]);

    // The bot writes: the owner says hello on the page and gets an answer; then a clean stop.
    const secret = (await readFile(path.join(dir, 'webchat', 'clave'), 'utf8')).trim();
    // The bot answers (its own state files are written by then); the stream is open before the
    // message goes, so the answer is an event, not part of the snapshot.
    const ac = new AbortController();
    const events = await fetch(`http://127.0.0.1:${port}/events`, { headers: { authorization: `Bearer ${secret}` }, signal: ac.signal });
    const reader = events.body!.getReader();
    let buffer = '';
    const sent = await fetch(`http://127.0.0.1:${port}/api/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ text: '/estado' }),
    });
    expect(sent.status).toBe(200);
    while (!/"type":"message","message":\{[^]*?"from":\{"id":7000000001/.test(buffer)) buffer += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    bot.signal('SIGTERM');
    expect(await bot.exited).toMatchObject({ code: 0, signal: null });
    const files = await readdir(dir, { recursive: true });
    expect(files).toEqual(expect.arrayContaining(['webchat/chat.json', 'webchat/clave', 'webchat/bot-token']));
    expect(await openEntries(dir)).toEqual([]);
  }, 120_000);
});
