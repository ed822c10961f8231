/**
 * The audit log's writer remembers the link it wrote last (store/auditLog.ts) and checks only that
 * the log is still the file it wrote, of the size it left; here, what must make it read the link
 * back: another writer's lines (another process, as far as the memory goes: its own instance), and a
 * new chain written over the log (a deletion). Each time the chain must verify whole, with the
 * mirror at its last line, and the mirror private (0600). The usual group is written under a lock
 * taken synchronously: a lock someone holds is waited for, a dead holder's is taken over.
 * Tier: rapido (files only).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findMirror } from '../../src/store/auditChain.js';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { createAuditLog, startNewAuditChain } from '../../src/store/auditLog.js';
import { ERASE_EVENT } from '../../src/store/erase.js';
import { LOCK_SUFFIX, tryFileLockSync, withFileLock } from '../../src/store/lock.js';
import { HOLDER_FILE } from '../../src/store/lock-holder.js';
import { tempDir } from '../tools/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function folders() {
  const data = await tempDir('cv-audit-w-data-');
  const keys = await tempDir('cv-audit-w-keys-');
  cleanups.push(data.cleanup, keys.cleanup);
  return { file: path.join(data.dir, 'auditoria.jsonl'), keys: keys.dir };
}

let n = 0;
const pair = async (log: ReturnType<typeof createAuditLog>, who: string) => {
  const id = `${who}-${++n}`;
  await log.append({ timestamp: new Date().toISOString(), event: 'solicitud', call_id: id, tool: 'buscar_notas', args: { consulta: who, k: 1 } });
  await log.append({ timestamp: new Date().toISOString(), event: 'resultado', call_id: id, tool: 'buscar_notas', result: { kind: 'ok' } });
};
const seqs = async (file: string) => (await readFile(file, 'utf8')).trimEnd().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq);

describe('two writers of one audit log, and a new chain over it', () => {
  it('interleaved writers each link onto the other\'s last line: one chain, numbered 1…n, verified whole', async () => {
    const { file, keys } = await folders();
    const a = createAuditLog(file, { keysDir: keys, log: () => {} });
    const b = createAuditLog(file, { keysDir: keys, log: () => {} });
    for (const w of ['a', 'a', 'b', 'a', 'b', 'b', 'a']) await pair(w === 'a' ? a : b, w);
    expect(await seqs(file)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    const found = await verifyAuditLog(file, keys);
    expect(found.problems).toEqual([]);
    expect(found.calls).toBe(7);
    const mirror = await findMirror(keys, file);
    expect(mirror?.seq).toBe(14);
    expect((await stat(path.join(keys, 'auditoria', `${mirror!.cadena}.json`))).mode & 0o777).toBe(0o600);
  });

  it('a writer whose log was replaced by a new chain (a deletion) links onto the new chain, not its memory of the old', async () => {
    const { file, keys } = await folders();
    const a = createAuditLog(file, { keysDir: keys, log: () => {} });
    await pair(a, 'antes');
    await pair(a, 'antes');
    const old = await findMirror(keys, file);
    await startNewAuditChain(file, keys, { timestamp: new Date().toISOString(), event: ERASE_EVENT, cuentas: {} });
    await pair(a, 'despues');
    expect(await seqs(file)).toEqual([1, 2, 3]);
    const found = await verifyAuditLog(file, keys);
    expect(found.problems).toEqual([]);
    const now = await findMirror(keys, file);
    expect(now?.cadena).not.toBe(old?.cadena);
    expect(now?.seq).toBe(3);
  });

  it('a writer that finds the log\'s lock held writes nothing until it is released, then links onto the chain', async () => {
    const { file, keys } = await folders();
    const a = createAuditLog(file, { keysDir: keys, log: () => {} });
    await pair(a, 'antes');
    const before = await readFile(file, 'utf8');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const inside = new Promise<void>((resolve) => (taken = resolve));
    const holder = withFileLock(file, async () => {
      taken();
      await held;
    });
    await inside;
    const appended = pair(a, 'durante');
    // The synchronous attempt happens within the append's first turns: had it ignored the lock,
    // the line would be in the file by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await readFile(file, 'utf8')).toBe(before);
    release();
    await holder;
    await appended;
    expect(await seqs(file)).toEqual([1, 2, 3, 4]);
    expect((await verifyAuditLog(file, keys)).problems).toEqual([]);
  });

  it('a lock held by a live process is refused at once; one left by a process that no longer runs is taken over', async () => {
    const { file, keys } = await folders();
    const a = createAuditLog(file, { keysDir: keys, log: () => {} });
    await pair(a, 'antes');
    const lockDir = `${file}${LOCK_SUFFIX}`;
    const holderOf = (pid: number, started: string) => [pid, started, readlinkSync('/proc/self/ns/pid'), hostname()].join(' ');
    // A live holder: pid 1 of this namespace, with its real start time (field 22 of /proc/1/stat).
    const init = readFileSync('/proc/1/stat', 'utf8');
    await mkdir(lockDir);
    await writeFile(path.join(lockDir, HOLDER_FILE), holderOf(1, init.slice(init.lastIndexOf(')') + 2).split(' ')[19]!));
    expect(tryFileLockSync(file)).toBeUndefined();
    // The same lock named by a pid nobody runs now: taken over on the spot, without waiting for it to age.
    let dead = 4_000_000;
    for (;; dead -= 1) {
      try {
        process.kill(dead, 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ESRCH') break;
      }
    }
    await writeFile(path.join(lockDir, HOLDER_FILE), holderOf(dead, '12345'));
    const release = tryFileLockSync(file);
    expect(release).toBeTypeOf('function');
    expect(await readFile(path.join(lockDir, HOLDER_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release!();
    await expect(stat(lockDir)).rejects.toMatchObject({ code: 'ENOENT' });
    await pair(a, 'despues');
    expect(await seqs(file)).toEqual([1, 2, 3, 4]);
    expect((await verifyAuditLog(file, keys)).problems).toEqual([]);
  });
});
