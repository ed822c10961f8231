/**
 * The audit log's writer remembers the link it wrote last (store/auditLog.ts) and checks only that
 * the log is still the file it wrote, of the size it left; here, what must make it read the link
 * back: another writer's lines (another process, as far as the memory goes: its own instance), and a
 * new chain written over the log (a deletion). Each time the chain must verify whole, with the
 * mirror at its last line, and the mirror private (0600). Tier: rapido (files only).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findMirror } from '../../src/store/auditChain.js';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { createAuditLog, startNewAuditChain } from '../../src/store/auditLog.js';
import { ERASE_EVENT } from '../../src/store/erase.js';
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
});
