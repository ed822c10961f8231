/**
 * Hole 12: leftovers and growth. Start-up sweeps the temp files a killed writer left behind (but
 * not a live writer's); chat.json keeps the last 1,000 messages and rotates older ones to an
 * archive file. (The page server's upload caps are in botapi-security.process.test.ts.)
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedTelegram } from '../../src/webchat/index.js';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function dataDir(): Promise<string> {
  const t = await tempDir('cv-left-');
  cleanups.push(t.cleanup);
  return t.dir;
}

/** The pid of a process that has certainly exited (as a killed writer's is). */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['-e', '0']);
    p.on('error', reject);
    p.on('close', () => resolve(p.pid!));
  });
}

describe('leftovers and growth', () => {
  it("start-up removes a dead writer's temp files and keeps a live writer's", async () => {
    const dir = await dataDir();
    const dead = await deadPid();
    await mkdir(path.join(dir, 'bot'), { recursive: true });
    const stray = [`.tarjetas.json.${dead}.0a1b2c3d.tmp`, `bot/.estado.json.${dead}.deadbeef.tmp`, `.registro_uso.csv.${dead}.12345678.new`];
    const live = `.notas.json.${process.pid}.cafebabe.tmp`;
    for (const f of [...stray, live]) await writeFile(path.join(dir, f), 'x');
    const r = await cli(['tarjetas'], { CUADERNO_DATA_DIR: dir });
    expect(r.code).toBe(0);
    const left = [...(await readdir(dir)), ...(await readdir(path.join(dir, 'bot'))).map((f) => `bot/${f}`)];
    for (const f of stray) expect(left, f).not.toContain(f);
    expect(left).toContain(live);
  });

  it('chat.json keeps the last 1,000 messages; older ones go to the archive, nothing is lost', async () => {
    const dir = await dataDir();
    const filesDir = path.join(dir, 'webchat');
    const tg = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: '1:abc', filesDir });
    for (let i = 1; i <= 1_050; i++) tg.server.sendUserText(`mensaje ${i}`);
    await tg.close();
    const saved = JSON.parse(await readFile(path.join(filesDir, 'chat.json'), 'utf8')) as { state: { messages: { text: string }[] } };
    expect(saved.state.messages).toHaveLength(1_000);
    expect(saved.state.messages[0]!.text).toBe('mensaje 51');
    const archived = (await readFile(path.join(filesDir, 'chat-archivo.jsonl'), 'utf8')).trim().split('\n').map((l) => (JSON.parse(l) as { text: string }).text);
    expect(archived).toEqual(Array.from({ length: 50 }, (_, i) => `mensaje ${i + 1}`));
    // After a restart the page shows the kept 1,000, and new ids never reuse old ones.
    const again = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: '1:abc', filesDir });
    cleanups.push(() => again.close());
    expect(again.server.history()).toHaveLength(1_000);
    expect(again.server.sendUserText('uno más').message_id).toBeGreaterThan(1_050);
  });
});
