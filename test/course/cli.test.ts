/**
 * `cuaderno curso …` as a student uses it (issue 24): the exact JSON shape, importing a syllabus,
 * refusing to drop weeks that have notes or cards unless --forzar (which never deletes), and adding
 * or renaming one week. In process over real temp data dirs.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotebook } from '../../src/store/index.js';
import { BIOLOGIA, cli } from './helpers.js';

const dirs: string[] = [];
afterEach(async () => { await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))); });
async function fresh(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-curso-'));
  dirs.push(d);
  return d;
}

describe('curso --json', () => {
  it('prints exactly {titulo, semanas: [{numero, titulo, inicio}]}: the demo course without curso.json', async () => {
    const dir = await fresh();
    const r = await cli(dir, ['curso', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(Object.keys(out)).toEqual(['titulo', 'semanas']);
    expect(out.semanas.map((w: Record<string, unknown>) => Object.keys(w))).toEqual(Array(4).fill(['numero', 'titulo', 'inicio']));
    expect(out.semanas.map((w: { numero: number; titulo: string }) => `${w.numero} ${w.titulo}`)).toEqual(['1 Estadística', '2 Python', '3 Historia del arte', '4 Música']);
  });

  it('after importing a 14-week syllabus, shows it with its dates; without --json a readable list', async () => {
    const dir = await fresh();
    expect(await cli(dir, ['curso', 'importar', BIOLOGIA])).toMatchObject({ code: 0, stderr: '' });
    const out = JSON.parse((await cli(dir, ['curso', '--json'])).stdout);
    expect(out.titulo).toBe('Biología celular');
    expect(out.semanas).toHaveLength(14);
    expect(out.semanas[0]).toEqual({ numero: 1, titulo: 'La célula y sus membranas', inicio: '2026-09-14' });
    expect(out.semanas[11]).toEqual({ numero: 12, titulo: 'Mitosis', inicio: null });
    const text = (await cli(dir, ['curso'])).stdout;
    expect(text).toContain('Biología celular (14 semanas)');
    expect(text).toMatch(/^ +12 {2}Mitosis$/m);
    expect(text).not.toMatch(/curso\.json|CUADERNO_DATA_DIR|\{/);
  });
});

describe('curso importar', () => {
  it('exit 2 with one sentence when the file has no week, is missing or is not text; nothing written', async () => {
    const dir = await fresh();
    const none = path.join(dir, 'vacio.txt');
    await writeFile(none, 'Biología\nsin semanas aquí\n');
    const r1 = await cli(dir, ['curso', 'importar', none]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/^No he encontrado ninguna semana en el texto/);
    const r2 = await cli(dir, ['curso', 'importar', path.join(dir, 'no-existe.txt')]);
    expect(r2).toMatchObject({ code: 2 });
    expect(r2.stderr).toMatch(/^No pude leer ese archivo \(no existe\)/);
    const bin = path.join(dir, 'foto.png');
    await writeFile(bin, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect((await cli(dir, ['curso', 'importar', bin])).code).toBe(2);
    await expect(readFile(path.join(dir, 'curso.json'))).rejects.toThrow();
  });

  it('refuses to drop weeks that have notes or cards, naming them; --forzar leaves those notes without a week and deletes nothing', async () => {
    const dir = await fresh();
    // The student's own four-week course first (it takes the demo's example notes away), then their notes.
    const four = path.join(dir, 'cuatro.txt');
    await writeFile(four, 'Mi curso\nSemana 1: Uno\nSemana 2: Dos\nSemana 3: Tres\nSemana 4: Cuatro\n');
    expect(await cli(dir, ['curso', 'importar', four])).toMatchObject({ code: 0, stderr: '' });
    const nb = await openNotebook(dir);
    const w3 = await nb.notes.add('tres', 'Una nota propia de la semana tres.', 3);
    const w4a = await nb.notes.add('cuatro', 'La primera nota propia de la semana cuatro.', 4);
    const w4b = await nb.notes.add('cuatro', 'La segunda nota propia de la semana cuatro.', 4);
    const { added: [card] } = await nb.cards.append([{ id_nota: w4b.id, tipo: 'cloze', semana: 4, pregunta: '¿…?', respuesta: 'cuatro' }]);
    const three = path.join(dir, 'tres.txt');
    await writeFile(three, 'Otro curso\nSemana 1: Uno\nSemana 2: Dos\nSemana 3: Tres\n');
    const r = await cli(dir, ['curso', 'importar', three]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no tiene la semana 4');
    expect(r.stderr).toContain(`las notas ${w4a.id} y ${w4b.id}`);
    expect(r.stderr).toContain(`la tarjeta ${card!.id}`);
    expect(r.stderr).toContain('--forzar');
    expect(JSON.parse((await cli(dir, ['curso', '--json'])).stdout).semanas).toHaveLength(4);

    expect(await cli(dir, ['curso', 'importar', three, '--forzar'])).toMatchObject({ code: 0, stderr: '' });
    const notes = JSON.parse((await cli(dir, ['notas', '--json'])).stdout) as Array<{ id: number; semana: number | null }>;
    expect(notes).toHaveLength(3);
    expect(notes.filter((n) => n.semana === null).map((n) => n.id)).toEqual([w4a.id, w4b.id]);
    expect(notes.find((n) => n.id === w3.id)!.semana).toBe(3);
    expect(await nb.cards.list()).toHaveLength(1);
  });
});

describe('curso semana N "TÍTULO"', () => {
  it('adds the next week or renames one; exit 2 on a bad number or title', async () => {
    const dir = await fresh();
    expect(await cli(dir, ['curso', 'semana', '5', 'Repaso general'])).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(dir, ['curso', 'semana', '3', 'Arte del siglo XX'])).toMatchObject({ code: 0 });
    const out = JSON.parse((await cli(dir, ['curso', '--json'])).stdout);
    expect(out.semanas.map((w: { titulo: string }) => w.titulo)).toEqual(['Estadística', 'Python', 'Arte del siglo XX', 'Música', 'Repaso general']);
    for (const bad of [['0', 'x'], ['9', 'x'], ['tres', 'x'], ['61', 'x']]) expect((await cli(dir, ['curso', 'semana', ...bad])).code, bad.join(' ')).toBe(2);
    expect((await cli(dir, ['curso', 'semana', '2', '   '])).code).toBe(2);
    expect((await cli(dir, ['curso', 'semana', '2', 'x'.repeat(201)])).code).toBe(2);
    // The notes of the renamed week kept their week number.
    const notes = JSON.parse((await cli(dir, ['notas', '--json'])).stdout) as Array<{ id: number; semana: number | null }>;
    expect(notes.filter((n) => n.semana === 3).map((n) => n.id)).toEqual([7, 8, 9]);
  });
});
