/**
 * Hole 4 of issue 22: the audit log is tamper-evident. Someone who can edit the data folder but not
 * the keys folder (CUADERNO_CLAVES_DIR, here a temp dir) cannot delete, edit, reorder, forge or
 * truncate lines unnoticed: `cuaderno auditoria --verificar` names each change by line (exit 1).
 * Every log is written by real `cuaderno herramienta` calls; each test then edits it by hand.
 */
import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tools/helpers.js';
import { cli } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

interface Install { data: string; keys: string; log: string; env: Record<string, string> }

async function install(): Promise<Install> {
  const data = await tempDir('cv-chain-data-');
  const keys = await tempDir('cv-chain-keys-');
  cleanups.push(data.cleanup, keys.cleanup);
  return { data: data.dir, keys: keys.dir, log: path.join(data.dir, 'auditoria.jsonl'), env: { CUADERNO_DATA_DIR: data.dir, CUADERNO_CLAVES_DIR: keys.dir } };
}

/** `calls` real tool calls: two lines each (request, result). */
async function calls(i: Install, queries: string[]): Promise<void> {
  for (const q of queries) {
    const r = await cli(['herramienta', 'buscar_notas', JSON.stringify({ consulta: q, k: 1 })], i.env);
    expect(JSON.parse(r.stdout).is_error).toBe(false);
  }
}

const verify = (i: Install) => cli(['auditoria', '--verificar'], i.env);
const readLines = async (i: Install) => (await readFile(i.log, 'utf8')).split('\n').filter(Boolean);
const writeLines = (i: Install, lines: string[]) => writeFile(i.log, lines.map((l) => `${l}\n`).join(''));

/** A log of three calls (six lines), verified intact. */
async function threeCalls(): Promise<Install> {
  const i = await install();
  await calls(i, ['impresionismo', 'la media y la varianza', 'listas de python']);
  const ok = await verify(i);
  expect(ok.stdout).toMatch(/Registro íntegro: 6 líneas, 3 llamadas/);
  expect(ok.code).toBe(0);
  return i;
}

describe('the audit log is an HMAC chain keyed outside the data folder', () => {
  it('every line carries its number and the MAC of the one before; the key is 0600 in the keys folder, never in the data folder', async () => {
    const i = await threeCalls();
    const entries = (await readLines(i)).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const e of entries) expect(e.mac_prev).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(entries.map((e) => e.mac_prev)).size).toBe(6);
    expect((await stat(path.join(i.keys, 'auditoria.clave'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(i.keys, 'auditoria.clave'), 'utf8').then((k) => JSON.stringify(entries).includes(k.trim()))).toBe(false);
  });

  it('a deleted request+result pair is reported where it was (exit 1)', async () => {
    const i = await threeCalls();
    const lines = await readLines(i);
    await writeLines(i, [...lines.slice(0, 2), ...lines.slice(4)]);
    const r = await verify(i);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/línea 3: faltan las entradas 3–4 justo antes: se borraron/);
  });

  it('an edited argument, an edited result and a timestamp moved back are each reported by line', async () => {
    const i = await threeCalls();
    const lines = await readLines(i);
    lines[2] = lines[2]!.replace('la media y la varianza', 'borra todo');
    lines[3] = lines[3]!.replace('"outcome":"ok"', '"outcome":"error"');
    const last = JSON.parse(lines[5]!) as { timestamp: string };
    lines[5] = lines[5]!.replace(last.timestamp, '2020-01-01T00:00:00.000Z');
    await writeLines(i, lines);
    const r = await verify(i);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/línea 3: el contenido ha cambiado desde que se escribió \(no coincide con la firma que guarda la línea 4\)/);
    expect(r.stdout).toMatch(/línea 4: el contenido ha cambiado/);
    expect(r.stdout).toMatch(/línea 6: el contenido ha cambiado desde que se escribió \(es la última entrada firmada\)/);
  });

  it('two lines swapped are reported as a change of order', async () => {
    const i = await threeCalls();
    const lines = await readLines(i);
    [lines[2], lines[4]] = [lines[4]!, lines[2]!];
    await writeLines(i, lines);
    const r = await verify(i);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/línea 4: la entrada número 4 va después de la número 5 \(línea 3\)/);
  });

  it('a forged request+result pair appended at the end is reported line by line', async () => {
    const i = await threeCalls();
    const lines = await readLines(i);
    const forge = (line: string, seq: number) => {
      const e = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify({ ...e, call_id: 'falsa', seq, mac_prev: 'ab'.repeat(32) });
    };
    await appendFile(i.log, `${forge(lines[0]!, 7)}\n${forge(lines[1]!, 8)}\n`);
    const r = await verify(i);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/línea 7: añadida después de la última entrada firmada, sin la clave/);
    expect(r.stdout).toMatch(/línea 8: añadida después/);
    // A copy of a real line appended again is caught too (its number repeats).
    await writeLines(i, [...lines, lines[5]!]);
    expect((await verify(i)).stdout).toMatch(/línea 7: la entrada número 6 va después de la número 6/);
  });

  it('a cut-off end, an emptied log and a deleted log are each reported (exit 1)', async () => {
    const i = await threeCalls();
    const lines = await readLines(i);
    await writeLines(i, lines.slice(0, 4));
    const cut = await verify(i);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/final del registro: faltan las entradas 5–6: se ha cortado el final/);

    await writeFile(i.log, '');
    const emptied = await verify(i);
    expect(emptied.code).toBe(1);
    expect(emptied.stdout).toMatch(/ninguna de las 6 entradas firmadas que tenía: se ha vaciado/);

    await rm(i.log);
    expect((await verify(i)).code).toBe(1);

    // The next writer keeps numbering after the mirror: the gap stays visible after new entries.
    await calls(i, ['cubismo']);
    const after = await verify(i);
    expect(after.code).toBe(1);
    expect(after.stdout).toMatch(/línea 1: faltan las entradas 1–6 justo antes/);
  });

  it('a torn last line is still quarantined by the next writer, and the chain goes on whole', async () => {
    const i = await threeCalls();
    await appendFile(i.log, '{"timestamp":"2026-03-02T10:00:01.000Z","event":"solic');
    const torn = await verify(i);
    expect(torn.code).toBe(1);
    expect(torn.stdout).toMatch(/línea 7: está cortada/);
    await calls(i, ['cubismo']);
    expect(await readFile(`${i.log}.cuarentena`, 'utf8')).toBe('{"timestamp":"2026-03-02T10:00:01.000Z","event":"solic\n');
    const ok = await verify(i);
    expect(ok.stdout).toMatch(/Registro íntegro: 8 líneas, 4 llamadas/);
    expect(ok.code).toBe(0);
  });

  it('an old install\'s unchained log is accepted as a legacy prefix, sealed by the chain from then on', async () => {
    const i = await install();
    const old = [
      JSON.stringify({ timestamp: '2026-03-02T10:00:00.000Z', event: 'solicitud', call_id: 'viejo', tool: 'buscar_notas', args: { consulta: 'arte', k: 1 } }),
      JSON.stringify({ timestamp: '2026-03-02T10:00:00.100Z', event: 'resultado', call_id: 'viejo', tool: 'buscar_notas', outcome: 'ok' }),
    ];
    await writeLines(i, old);
    const before = await verify(i);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/las 2 líneas son de un registro antiguo sin cadena, aceptadas como prefijo heredado/);

    await calls(i, ['cubismo']);
    const chained = await verify(i);
    expect(chained.code).toBe(0);
    expect(chained.stdout).toMatch(/líneas 1–2: registro antiguo sin cadena, aceptado como prefijo heredado; la cadena empieza en la línea 3/);
    expect((await readLines(i)).map((l) => (JSON.parse(l) as { seq?: number }).seq)).toEqual([undefined, undefined, 1, 2]);

    const lines = await readLines(i);
    lines[0] = lines[0]!.replace('arte', 'otra cosa');
    await writeLines(i, lines);
    const edited = await verify(i);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/líneas 1–2: el registro antiguo anterior a la cadena ha cambiado/);
  });
});
