/**
 * The course as data (issue 24): `curso.json` version 1 loads from its frozen fixture, each kind of
 * damage is one Spanish sentence naming the file (left untouched), and the pure helpers every reader
 * asks — range sentence, week of a date in Europe/Madrid, week of a new note, the key's title part.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseFile } from '../../src/store/index.js';
import { closestWeek, weekForNewNote, weekOfDate, weekRange, weekTitle, weekTopic, type Course } from '../../src/domain/course/course.js';
import { DEMO_COURSE } from '../../src/domain/course/demo.js';
import { parseSyllabusText } from '../../src/domain/course/syllabus.js';
import { courseWeekOf, splitIntoNotes } from '../../src/domain/material/split.js';
import { idempotencyKey, weekTitleTag } from '../../src/tools/idempotency-key.js';
import { tempDir } from '../tools/helpers.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/curso-v1.json', import.meta.url));
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => { ({ dir, cleanup } = await tempDir('cuaderno-course-')); });
afterAll(() => cleanup());

describe('curso.json', () => {
  it('loads the frozen version 1', async () => {
    const file = path.join(dir, 'curso.json');
    await copyFile(FIXTURE, file);
    const course = (await createCourseFile(file).read())!;
    expect(course.titulo).toBe('Biología celular');
    expect(course.semanas.map((w) => w.numero)).toEqual([1, 2, 3]);
    expect(course.semanas[0]!.inicio).toBe('2026-09-14');
  });

  it.each([
    ['{"version": 1, "titulo": "x"', /no es JSON válido/],
    ['[]', /debería ser un objeto JSON con "version", "titulo" y "semanas"/],
    ['{"version": 7, "titulo": "x", "semanas": []}', /tiene la versión 7 y este programa solo entiende la 1/],
    ['{"version": 1, "titulo": "", "semanas": [{"numero": 1, "titulo": "A", "inicio": null, "terminos": []}]}', /no tiene un "titulo" de texto/],
    ['{"version": 1, "titulo": "x", "semanas": []}', /"semanas" debería ser una lista de 1 a 60 semanas/],
    ['{"version": 1, "titulo": "x", "semanas": [{"numero": 1, "titulo": "", "inicio": null, "terminos": []}]}', /la semana 1 de la lista no tiene un "titulo" de 1 a 200 caracteres/],
    ['{"version": 1, "titulo": "x", "semanas": [{"numero": 1, "titulo": "A", "inicio": "14/09/2026", "terminos": []}]}', /tiene un "inicio" que no es una fecha AAAA-MM-DD ni null/],
    ['{"version": 1, "titulo": "x", "semanas": [{"numero": 1, "titulo": "A", "inicio": null, "terminos": [3]}]}', /unos "terminos" que no son una lista de textos/],
    ['{"version": 1, "titulo": "x", "semanas": [{"numero": 2, "titulo": "A", "inicio": null, "terminos": []}]}', /numeradas 1, 2, 3… en orden/],
  ])('a damaged file is one sentence and left as it is: %s', async (text, sentence) => {
    const file = path.join(dir, 'roto.json');
    await writeFile(file, text);
    const err = await createCourseFile(file).read().then(() => undefined, (e: Error) => e);
    expect(err?.message).toMatch(sentence);
    expect(err?.message).toContain('si lo borras, vuelves al curso de ejemplo');
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('a course that is not valid is never written', async () => {
    const file = path.join(dir, 'nuevo.json');
    await expect(createCourseFile(file).write({ titulo: 'x', semanas: [{ numero: 2, titulo: 'A', inicio: null, terminos: [] }] })).rejects.toThrow(/numeradas/);
    await expect(readFile(file)).rejects.toThrow();
  });
});

const BIO: Course = (() => {
  const r = parseSyllabusText('Biología celular\nSemana 1: Membranas (2026-09-14)\nSemana 2: Transporte (2026-09-21)\nSemana 3: Mitosis y meiosis\n', { now: new Date('2026-09-01T12:00:00Z') });
  if (!r.ok) throw new Error(r.problem);
  return r.course;
})();

/** The syllabus a student pasted in the chat (ten weeks; three titles say «Revolución», two «Guerra Mundial»). */
function HISTORY(): Course {
  const r = parseSyllabusText([
    'Historia contemporánea', 'Semana 1: La Revolución francesa y el fin del Antiguo Régimen', 'Semana 2: Napoleón y el Congreso de Viena',
    'Semana 3: La Revolución industrial: máquina de vapor, ferrocarril y clase obrera', 'Semana 4: Liberalismo y nacionalismo: las revoluciones de 1830 y 1848',
    'Semana 5: La unificación de Italia y de Alemania', 'Semana 6: El imperialismo y el reparto de África', 'Semana 7: La Primera Guerra Mundial',
    'Semana 8: La Revolución rusa', 'Semana 9: El periodo de entreguerras y la crisis de 1929', 'Semana 10: La Segunda Guerra Mundial',
  ].join('\n'), { now: new Date('2026-09-01T12:00:00Z') });
  if (!r.ok) throw new Error('the syllabus did not parse');
  return r.course;
}

describe('the helpers every reader asks', () => {
  it('names the real range and titles', () => {
    expect(weekRange(DEMO_COURSE)).toBe('del 1 al 4');
    expect(weekRange(BIO)).toBe('del 1 al 3');
    expect(weekTitle(BIO, 3)).toBe('Semana 3 · Mitosis y meiosis');
  });

  it('reads a title that ends in a full stop as a name, without it', () => {
    const course: Course = { titulo: 'Química', semanas: [{ numero: 4, titulo: 'Arrhenius.', inicio: '2026-10-05', terminos: [] }] };
    expect(weekTitle(course, 4)).toBe('Semana 4 · Arrhenius');
    expect(weekTopic(course, 4)).toBe('arrhenius');
  });

  it('finds the week containing a date, in Madrid time', () => {
    expect(weekOfDate(BIO, new Date('2026-09-20T21:30:00Z'))).toBe(1); // Sunday 23:30 in Madrid
    expect(weekOfDate(BIO, new Date('2026-09-20T22:30:00Z'))).toBe(2); // Monday 00:30 in Madrid
    expect(weekOfDate(BIO, new Date('2026-09-20T22:30:00Z'), 'UTC')).toBe(1);
    expect(weekOfDate(BIO, new Date('2026-09-13T12:00:00Z'))).toBeUndefined();
    expect(weekOfDate(BIO, new Date('2026-10-05T12:00:00Z'))).toBeUndefined();
  });

  it('gives a new note the named week, else its topic’s, else the closest by content, else none', () => {
    expect(weekForNewNote(BIO, { tema: 'general', texto: 'algo', semana: 2 })).toBe(2);
    expect(weekForNewNote(BIO, { tema: 'general', texto: 'algo', semana: 9 })).toBeNull();
    expect(weekForNewNote(BIO, { tema: 'Mitosis y meiosis', texto: 'x' })).toBe(3);
    expect(weekForNewNote(BIO, { tema: 'general', texto: 'En la meiosis se forman cuatro células haploides.' })).toBe(3);
    expect(closestWeek(DEMO_COURSE, 'el acorde de do mayor en la guitarra')).toBe(4);
    expect(weekForNewNote(BIO, { tema: 'general', texto: 'La receta del gazpacho lleva tomate.' })).toBeNull();
  });

  it('a section\'s heading decides before its text: a PDF on the industrial revolution is not the week of the Russian one', () => {
    const history = HISTORY();
    // Its one-page PDF: the heading became the topic, the rest the text.
    const note = {
      tema: 'tema 3. la revolución industrial en gran bretaña',
      texto: 'Causas: revolución agrícola, crecimiento demográfico, capital del comercio colonial.\n\nEl carbón y el hierro son la base de la industria pesada.\n\n' +
        'La fábrica sustituye al taller artesanal; aparece el sistema fabril.\n\nAdam Smith publica «La riqueza de las naciones» en 1776: liberalismo económico.\n\n' +
        'Consecuencias sociales: éxodo rural, urbanización rápida, cuestión social.',
    };
    // Topic and text together lean to the short title that shares «revolución»; the heading names week 3.
    expect(closestWeek(history, `${note.tema} ${note.texto}`)).toBe(8);
    expect(weekForNewNote(history, note)).toBe(3);
    // A heading that names no week leaves the decision to the text, as before.
    expect(weekForNewNote(history, { tema: 'apuntes', texto: 'Lenin y los bolcheviques toman el poder en la revolución rusa de octubre.' })).toBe(8);
  });

  it('an ordinal in a page names where it is, not what it is about: «Primera parte» is not the week of the First World War', () => {
    const history = HISTORY();
    // A photo of a page: OCR read a heading «Primera parte» over a text about Napoleon (week 2).
    const page = 'Primera parte\n\nNapoleón Bonaparte se corona emperador en 1804. Tras su derrota, el Congreso de Viena redibuja el mapa de Europa y restaura a los monarcas.';
    expect(closestWeek(history, 'Primera parte')).toBeNull();
    expect(splitIntoNotes(page, { fileName: 'foto.jpg', weekOf: courseWeekOf(history) }).map((n) => n.semana)).toEqual([2]);
    // The same words as content still count: a page about the war itself is week 7, the second one week 10.
    expect(weekForNewNote(history, { tema: 'Primera parte', texto: 'La Primera Guerra Mundial empieza en 1914 con el atentado de Sarajevo.' })).toBe(7);
    expect(weekForNewNote(history, { tema: 'apuntes', texto: 'La Segunda Guerra Mundial: el desembarco de Normandía.' })).toBe(10);
  });

  it('keys: the demo’s own titles keep the old key; any other title adds its hash', () => {
    expect(idempotencyKey('portada-maqueta', 2026, 3, undefined, weekTitleTag(DEMO_COURSE, 3))).toBe('portada-maqueta-2026-S3');
    const k12 = idempotencyKey('portada-maqueta', 2026, 3, undefined, weekTitleTag(BIO, 3));
    expect(k12).toMatch(/^portada-maqueta-2026-S3-t[0-9a-f]{6}$/);
    const renamed = { ...BIO, semanas: BIO.semanas.map((w) => (w.numero === 3 ? { ...w, titulo: 'Mitosis' } : w)) };
    expect(idempotencyKey('portada-maqueta', 2026, 3, undefined, weekTitleTag(renamed, 3))).not.toBe(k12);
    expect(idempotencyKey('portada-maqueta', 2026, 60)).toBe('portada-maqueta-2026-S60');
    expect(() => idempotencyKey('portada-maqueta', 2026, 61)).toThrow();
  });
});
