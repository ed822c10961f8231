/**
 * «Borra mis datos» on disk (store/erase.ts): nothing half-deleted on a crash. A deletion killed
 * after any number of moves into its trash folder is finished by the next opening of the folder —
 * every entry gone, one new audit chain whose first entry records the deletion (counts, no
 * content), an empty notebook — and the old chain's mirror no longer judges the new log.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../../src/store/auditCheck.js';
import { eraseOwnerData, ERASE_PREFIX } from '../../src/store/erase.js';
import { openNotebook } from '../../src/store/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function filled(): Promise<{ dir: string; keysDir: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-borrar-'));
  dirs.push(root);
  const dir = path.join(root, 'datos');
  const keysDir = path.join(root, 'claves');
  const nb = await openNotebook(dir, { keysDir });
  await nb.notes.add('tema', 'texto privado de la nota', 1);
  await nb.cards.append([{ pregunta: '¿p?', respuesta: 'r', id_nota: 1, tipo: 'definicion' }]);
  await nb.usage.append({ origen: 'facturado', tarea: 't', modelo: 'claude-sonnet-5-5', tokens_entrada: 1, tokens_salida: 1 });
  for (let i = 0; i < 3; i++) await nb.audit.append({ timestamp: new Date(0).toISOString(), event: 'solicitud', call_id: `c${i}`, tool: 'buscar_notas', args: { consulta: 'texto privado' } });
  await mkdir(path.join(dir, 'audio'), { recursive: true });
  await writeFile(path.join(dir, 'audio', 'semana_01.wav'), 'wav');
  await mkdir(path.join(dir, 'bot'), { recursive: true });
  await writeFile(path.join(dir, 'bot', 'estado.json'), '{}');
  return { dir, keysDir };
}

async function expectErased(dir: string, keysDir: string): Promise<void> {
  const nb = await openNotebook(dir, { keysDir });
  expect((await readdir(dir)).sort()).toEqual(['auditoria.jsonl', 'bot', 'cuaderno.id', 'notas.json']);
  const text = await readFile(path.join(dir, 'auditoria.jsonl'), 'utf8');
  expect(text).not.toContain('privad');
  const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ event: 'datos_borrados', seq: 1, cuentas: { notas: 13, tarjetas: 1, archivos: 1, usos: 1, auditoria: 3 } });
  expect((await verifyAuditLog(path.join(dir, 'auditoria.jsonl'), keysDir)).problems).toEqual([]);
  expect(await nb.notes.list()).toEqual([]);
}

describe('eraseOwnerData', () => {
  it('removes the person\'s entries, keeps the bot\'s own, starts a verifiable chain with the counts', async () => {
    const { dir, keysDir } = await filled();
    const counts = await eraseOwnerData(dir, { keysDir });
    expect(counts).toMatchObject({ notas: 13, tarjetas: 1, repasos: 0, semanas: 0, archivos: 1, trabajos: 0, usos: 1, auditoria: 3 });
    await expectErased(dir, keysDir);
  });

  // A kill after each possible number of moves (the folder holds 5 entries to move).
  for (const crashAfter of [0, 1, 2, 3, 4]) {
    it(`a deletion killed after ${crashAfter} move(s) is finished by the next opening`, async () => {
      const { dir, keysDir } = await filled();
      await expect(eraseOwnerData(dir, { keysDir, crashAfter })).rejects.toThrow(/simulated crash/);
      expect((await readdir(dir)).some((n) => n.startsWith(ERASE_PREFIX))).toBe(true);
      // Nothing half-deleted is ever read: the next opening finishes it first.
      await expectErased(dir, keysDir);
    });
  }

  it('a trash folder without its list (killed before anything moved) is removed and nothing else is', async () => {
    const { dir, keysDir } = await filled();
    await mkdir(path.join(dir, `${ERASE_PREFIX}0000abcd`));
    const nb = await openNotebook(dir, { keysDir });
    expect((await readdir(dir)).some((n) => n.startsWith(ERASE_PREFIX))).toBe(false);
    expect((await nb.notes.list()).length).toBe(13);
    expect((await verifyAuditLog(path.join(dir, 'auditoria.jsonl'), keysDir)).problems).toEqual([]);
  });
});
