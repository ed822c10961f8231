/**
 * The snapshot-replay harness itself (test/support/replay), on a tiny child that writes three files
 * and prints «enviado i» after each: the snapshots hold exactly the writes done, the effects are
 * ordered between them, and a resume that sends again what was sent before the kill is caught on
 * the union of before and after — while a correct resume passes every n.
 */
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickWrites, replay, startRecording, type Recorded } from '../support/replay/index.js';

const CHILD = `
import { mkdir, writeFile } from 'node:fs/promises';
const dir = process.env.REPLAY_ROOT + '/d';
await mkdir(dir, { recursive: true });
for (const i of [1, 2, 3]) {
  await writeFile(dir + '/' + i + '.txt', String(i));
  process.stdout.write('enviado ' + i + '\\n');
}
`;

async function recordChild(): Promise<Recorded> {
  const rec = await startRecording({ stdout: true });
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [...rec.execArgv, '--input-type=module', '-e', CHILD], { env: { ...process.env, ...rec.env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  return rec.finish();
}

/** The resume: sends «enviado i» for each file it writes (`again`: also for those already there — the bug). */
async function resume(root: string, again: boolean): Promise<string[]> {
  const dir = path.join(root, 'd');
  const have = new Set(await readdir(dir).catch(() => [] as string[]));
  const sent: string[] = [];
  for (const i of [1, 2, 3]) {
    if (have.has(`${i}.txt`) && !again) continue;
    await writeFile(path.join(dir, `${i}.txt`), String(i));
    sent.push(`enviado ${i}\n`);
  }
  return sent;
}

/** Over before and after: «enviado i» at most once for each i (a kill may lose one, never double it). */
function twice(before: string[], after: string[]): string[] {
  const all = [...before, ...after];
  return [...new Set(all)].filter((m) => all.filter((x) => x === m).length > 1).map((m) => `${m.trim()} twice`);
}

describe('snapshot replay', () => {
  it('records one snapshot per write with the effects between writes, and catches a double effect that only the union of before and after shows', async () => {
    const rec = await recordChild();
    try {
      expect(rec.N).toBe(3);
      expect(rec.writes.map((w) => w.split(' ')[0])).toEqual(['writeFile', 'writeFile', 'writeFile']);
      // «enviado i» comes after write i: a kill right after write i has not printed it.
      expect(rec.before(1).map((e) => e.value)).toEqual([]);
      expect(rec.before(3).map((e) => e.value)).toEqual(['enviado 1\n', 'enviado 2\n']);
      expect(pickWrites(rec.writes, '1,mid,last,/3\\.txt/')).toEqual([1, 2, 3]);
      expect(pickWrites(rec.writes, '/writeFile/#2')).toEqual([2]);
      expect(() => pickWrites(rec.writes, '/writeFile/#4')).toThrow(/no write matches/);

      const seen: Record<number, string[]> = {};
      const good = await replay(rec, { ns: [1, 2, 3], parallel: 2 }, async (n, restored) => {
        seen[n] = (await readdir(path.join(restored.root, 'd'))).sort();
        const before = rec.before(n).map((e) => String(e.value));
        return twice(before, await resume(restored.root, false));
      });
      expect(good).toEqual([]);
      expect(seen).toEqual({ 1: ['1.txt'], 2: ['1.txt', '2.txt'], 3: ['1.txt', '2.txt', '3.txt'] });

      const bad = await replay(rec, { ns: [1, 2, 3], parallel: 2 }, async (n, restored) => twice(rec.before(n).map((e) => String(e.value)), await resume(restored.root, true)));
      expect(bad.map((f) => [f.n, f.problems])).toEqual([[2, ['enviado 1 twice']], [3, ['enviado 1 twice', 'enviado 2 twice']]]);
    } finally {
      await rec.dispose();
    }
  });
});
