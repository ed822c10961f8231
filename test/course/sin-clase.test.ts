/**
 * Weeks without class (issue 42): a guide's «Semana 7 … Semana Santa — no hay clase» is kept in the
 * numbering with `sin_clase: true` in curso.json and in `curso --json` (only on such weeks: every
 * other week keeps exactly {numero, titulo, inicio}); it is never offered or planned (the tools'
 * week argument and the chat's week buttons leave it out); removing a week in words marks it without
 * class unless the words ask to renumber.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { courseEdit } from '../../src/agent/nlu/course-edit.js';
import { fold } from '../../src/agent/nlu/text.js';
import { createCourseFile } from '../../src/store/index.js';
import { classWeeks, courseForPrompt, weekProperty, type Course } from '../../src/domain/course/course.js';
import { cli } from './helpers.js';

const GUIDE = fileURLToPath(new URL('../fixtures/syllabi/guias/termodinamica.txt', import.meta.url));
const dirs: string[] = [];
afterEach(async () => { await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))); });
async function fresh(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'cuaderno-sin-clase-'));
  dirs.push(d);
  return d;
}

describe('a guide with a week without class, imported', () => {
  it('curso --json adds "sin_clase": true on week 7 only, and every other week keeps exactly its keys', async () => {
    const dir = await fresh();
    expect(await cli(dir, ['curso', 'importar', GUIDE])).toMatchObject({ code: 0, stderr: '' });
    const out = JSON.parse((await cli(dir, ['curso', '--json'])).stdout) as { titulo: string; semanas: Array<Record<string, unknown>> };
    expect(out.titulo).toBe('Termodinámica');
    expect(out.semanas.map((w) => Object.keys(w))).toEqual(out.semanas.map((w) => (w.numero === 7 ? ['numero', 'titulo', 'inicio', 'sin_clase'] : ['numero', 'titulo', 'inicio'])));
    expect(out.semanas[6]).toEqual({ numero: 7, titulo: 'Semana Santa — no hay clase', inicio: '2027-03-22', sin_clase: true });
    const saved = JSON.parse(await readFile(path.join(dir, 'curso.json'), 'utf8')) as { semanas: Array<Record<string, unknown>> };
    expect(saved.semanas.filter((w) => 'sin_clase' in w).map((w) => w.numero)).toEqual([7]);
    expect((await cli(dir, ['curso'])).stdout).toMatch(/\n {2}7 {2}Semana Santa — no hay clase \(desde el 2027-03-22\) — sin clase\n/);
  });

  it('curso.json refuses a "sin_clase" that is not true, in one sentence, leaving the file as it is', async () => {
    const dir = await fresh();
    const file = path.join(dir, 'curso.json');
    const text = '{"version": 1, "titulo": "x", "semanas": [{"numero": 1, "titulo": "A", "inicio": null, "terminos": [], "sin_clase": false}]}';
    await writeFile(file, text);
    await expect(createCourseFile(file).read()).rejects.toThrow(/la semana 1 de la lista tiene un "sin_clase" que no es true/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

describe('a week without class is never offered or planned', () => {
  const course: Course = {
    titulo: 'Termodinámica',
    semanas: [
      { numero: 1, titulo: 'Calor', inicio: '2027-03-15', terminos: ['calor'] },
      { numero: 2, titulo: 'Semana Santa — no hay clase', inicio: '2027-03-22', terminos: [], sin_clase: true },
      { numero: 3, titulo: 'Entropía', inicio: '2027-03-29', terminos: ['entropía'] },
    ],
  };

  it('the tools\' week argument and the offered weeks leave it out; the prompt says it is not prepared', () => {
    expect(classWeeks(course)).toEqual([1, 3]);
    expect(weekProperty(course).enum).toEqual([1, 3]);
    expect(courseForPrompt(course)).toMatch(/- Semana 2: Semana Santa — no hay clase \[sin clase: no se prepara\]/);
  });
});

describe('removing a week in words', () => {
  const edit = (text: string) => courseEdit(fold(text), text);
  it('marks it without class by default; renumbering is asked for in words', () => {
    expect(edit('quita la semana 7')).toEqual({ cambio: 'quitar' });
    expect(edit('quita la semana 7 y renumera las demás')).toEqual({ cambio: 'quitar', renumerar: true });
    expect(edit('borra la semana 7 y corre las siguientes')).toEqual({ cambio: 'quitar', renumerar: true });
  });
});
