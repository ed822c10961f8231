/**
 * One document, one week (issue 43 §3, §8) and nothing twice (§4): the week a document names for
 * itself, matched against the weeks' titles; the shingle measures and their thresholds.
 */
import { describe, expect, it } from 'vitest';
import { documentWeeks } from '../../src/domain/material/document-week.js';
import { containedIn, jaccard, sameDocument, shingles, SAME_FILE } from '../../src/domain/material/near-duplicates.js';
import { documentTitle, noteDrafts } from '../../src/domain/material/split.js';
import { MATERIAL } from '../../src/strings/material.js';
import type { Course } from '../../src/domain/course/course.js';

const topics = ['Temperatura y equilibrio térmico', 'Calor y trabajo', 'Primer principio de la termodinámica', 'Gases ideales', 'Segundo principio de la termodinámica', 'Entropía'];
/** Weeks titled «Tema N. …», dated Mondays from 8 February 2027; `shift` weeks of presentation first (so «Tema 5» is week 5 + shift). */
function course(shift = 0, dated = true): Course {
  const pre = Array.from({ length: shift }, (_, i) => ({ numero: i + 1, titulo: 'Presentación de la asignatura', inicio: null, terminos: [] }));
  const weeks = topics.map((t, i) => ({
    numero: shift + i + 1,
    titulo: `Tema ${i + 1}. ${t}`,
    inicio: dated ? new Date(Date.UTC(2027, 1, 8 + 7 * (shift + i))).toISOString().slice(0, 10) : null,
    terminos: [],
  }));
  return { titulo: 'Termodinámica', semanas: [...pre, ...weeks] };
}

const LECTURE = `## Tema 5. Segundo principio de la termodinámica

Apuntes de clase, semana 5 (8–12 de marzo de 2027). Grado en Física, segundo curso.

## 1. Máquinas térmicas

Una máquina térmica toma calor de un foco caliente, convierte una parte en trabajo y cede el resto a un foco frío. Su rendimiento es siempre menor que uno.

## 2. Entropía y calor

La entropía de un sistema aislado nunca disminuye: aumenta en los procesos irreversibles. El calor pasa del cuerpo caliente al frío.`;

const weeksOf = (c: Course, text: string, extra: { fileName?: string; named?: number } = {}) =>
  documentWeeks(c, { drafts: noteDrafts(text, { fileName: extra.fileName ?? 'apuntes.pdf' }), firstPage: text.slice(0, 400), fileName: extra.fileName ?? 'apuntes.pdf', ...(extra.named !== undefined ? { named: extra.named } : {}) });

describe('the week of a document', () => {
  it('is the week whose title says its «Tema 5», for every note, even where a section is about another week', async () => {
    const got = await weeksOf(course(), LECTURE);
    expect(new Set(got.semanas)).toEqual(new Set([5]));
    expect(got.motivo).toEqual({ kind: 'etiqueta', etiqueta: 'Tema 5', donde: 'primera_pagina' });
  });

  it('matches «Tema 5» against the titles: where it is week 7, it goes to week 7 (its «semana 5» and dates do not win)', async () => {
    const got = await weeksOf(course(2, false), LECTURE);
    expect(new Set(got.semanas)).toEqual(new Set([7]));
  });

  it('a week mentioned deep in the prose does not file the document (only its first lines and its label lines do)', async () => {
    const plain: Course = { titulo: 'x', semanas: [1, 2, 3, 4].map((n) => ({ numero: n, titulo: ['Óptica', 'Ondas', 'Sonido', 'Calor'][n - 1]!, inicio: null, terminos: [] })) };
    const text = 'Apuntes de clase.\n\nUn texto sobre las lentes y los espejos que forman imágenes reales o virtuales.\n\nLos espejos planos forman imágenes virtuales del mismo tamaño.\n\nLa luz se refleja en ellos con el mismo ángulo, algo que volveremos a ver en la semana 4 con el calor radiante.';
    expect((await weeksOf(plain, text)).motivo).not.toMatchObject({ kind: 'etiqueta' });
    expect((await weeksOf(plain, `## Semana 2\n\n${text}`)).semanas.every((w) => w === 2)).toBe(true);
  });

  it('without a label, a date of its first page inside a week', async () => {
    const got = await weeksOf(course(), 'Apuntes del 10 de marzo de 2027.\n\nUna máquina térmica toma calor de un foco caliente y cede el resto a un foco frío en cada ciclo de trabajo.');
    expect(got).toMatchObject({ semanas: [5], motivo: { kind: 'fecha', fecha: '10 de marzo de 2027' } });
  });

  it('a «semana N» with no title saying it is the course\'s week N; the one the student chose wins over everything', async () => {
    const plain: Course = { titulo: 'x', semanas: [1, 2, 3].map((n) => ({ numero: n, titulo: ['Óptica', 'Ondas', 'Sonido'][n - 1]!, inicio: null, terminos: [] })) };
    expect((await weeksOf(plain, 'Clase de la semana 2.\n\nUn texto cualquiera que no habla de nada del curso en especial, con palabras sueltas.')).semanas).toEqual([2]);
    expect((await weeksOf(course(), LECTURE, { named: 2 })).semanas.every((w) => w === 2)).toBe(true);
  });

  it('a document whose headings name two weeks spans them: each section to its own', async () => {
    const two = `## Tema 2. Calor y trabajo\n\n${'El calor y el trabajo son formas de intercambiar energía entre sistemas. '.repeat(3)}\n\n## Tema 3. Primer principio\n\n${'La energía interna cambia con el calor recibido y el trabajo realizado por el sistema. '.repeat(3)}`;
    const got = await weeksOf(course(), two);
    expect(got.semanas).toEqual([2, 3]);
    expect(got.motivo).toEqual({ kind: 'varias' });
  });
});

describe('nothing twice', () => {
  const text = LECTURE.repeat(3);
  it('a re-print (other line breaks and hyphens, same words) is the same document; another lecture is not', () => {
    const reprint = text.replace(/\n\n/g, '\n').replace('máquina térmica', 'máqui-\nna térmica');
    expect(jaccard(shingles(text), shingles(reprint))).toBeGreaterThanOrEqual(SAME_FILE);
    expect(sameDocument(reprint, [{ texto: 'otra cosa del todo distinta, sobre música barroca y sus formas' }, { texto: text }], (r) => r.texto)).toEqual({ texto: text });
    expect(sameDocument('La música barroca usa el bajo continuo y el contrapunto en sus formas principales.', [{ texto: text }], (r) => r.texto)).toBeUndefined();
  });

  it('a note almost wholly inside an existing one is already there; a new one is not', () => {
    const existing = ['Una máquina térmica toma calor de un foco caliente, convierte una parte en trabajo y cede el resto a un foco frío. Su rendimiento es siempre menor que uno.'];
    expect(containedIn(['Una máquina térmica toma calor de un foco caliente, convierte una parte en trabajo y cede el resto a un foco frío.', 'La entropía de un sistema aislado nunca disminuye en ningún proceso.'], existing)).toEqual([true, false]);
  });

  it('a scan of a note already there is already there, though its subscripts and arrows are misread', () => {
    const existing = ['Etapa · Proceso · Temperatura · Calor · Trabajo\n1 → 2 · Expansión isoterma · T₁ constante · absorbe Q₁ del foco caliente · el gas realiza trabajo\n2 → 3 · Expansión adiabática · baja de T₁ a T₂ · Q = 0 · el gas realiza trabajo\n3 → 4 · Compresión isoterma · T₂ constante · cede Q₂ al foco frío · se realiza trabajo sobre el gas'];
    const scanned = 'Etapa · Proceso · Temperatura · Calor · Trabajo\n1-2 · Expansión isoterma · T: constante · absorbe Q: del foco caliente · el gas realiza trabajo\n2-3 · Expansión adiabática · baja de T: a T: · Q=0 · el gas realiza trabajo\n3-4 · Compresión isoterma · T2 constante · cede Q: al foco frío · se realiza trabajo sobre el gas';
    expect(containedIn([scanned], existing)).toEqual([true]);
    expect(containedIn(['Etapa · Proceso · Calor\n1-2 · Compresión adiabática · Q=0 · el gas cede calor al foco caliente sin realizar trabajo'], existing)).toEqual([false]);
  });
});

describe('a document whose own title names a week', () => {
  it('goes to that week, though its page speaks all along of the words of another week\'s title', async () => {
    const titles = ['Temperatura y calor', 'Primer principio de la termodinámica', 'Gases ideales y procesos', 'Máquinas térmicas', 'Segundo principio y ciclo de Carnot', 'Entropía'];
    const c: Course = { titulo: 'Termodinámica', semanas: titles.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) };
    const text = `Primer principio — mis apuntes

El primer principio de la termodinámica es la ley de conservación de la energía aplicada a los sistemas que intercambian calor y trabajo con su entorno. Si un sistema recibe un calor Q y realiza un trabajo W, su energía interna cambia. El calor que entra es positivo.

La energía interna es una función de estado: solo depende de la presión, el volumen y la temperatura. El calor y el trabajo dependen del proceso. A volumen constante todo el calor aumenta la energía interna y sube la temperatura.

En un gas ideal la energía interna solo depende de la temperatura: a temperatura constante el calor absorbido es igual al trabajo. El experimento de Joule mostró que el trabajo y el calor son equivalentes. El calor pasa del cuerpo a más temperatura al de menos temperatura.`;
    const got = await documentWeeks(c, { drafts: noteDrafts(text, { fileName: 'apuntes.txt' }), firstPage: text, fileName: 'apuntes.txt' });
    expect(new Set(got.semanas)).toEqual(new Set([2]));
    expect(got.motivo).toEqual({ kind: 'encabezado', titulo: 'Primer principio — mis apuntes' });
  });
});

describe('a document\'s own title, not its first section\'s heading', () => {
  const titles = ['Temperatura y calor', 'Primer principio de la termodinámica', 'Gases ideales y procesos', 'Máquinas térmicas'];
  const c: Course = { titulo: 'Termodinámica', semanas: titles.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) };
  const body = `## 1. Gases ideales

En un gas ideal la energía interna solo depende de la temperatura: a temperatura constante el calor absorbido es igual al trabajo. El experimento de Joule mostró que el trabajo y el calor son equivalentes.

## 2. Energía interna

La energía interna es una función de estado: solo depende de la presión, el volumen y la temperatura. El calor y el trabajo dependen del proceso.`;
  const of = (text: string, fileName: string) => documentWeeks(c, { drafts: noteDrafts(text, { fileName }), firstPage: text, fileName });

  it('is its level-1 heading, or its first line when that line is a title', async () => {
    expect(documentTitle(`# Primer principio — mis apuntes\n\n${body}`, 'apuntes.md')).toEqual({ title: 'Primer principio — mis apuntes', fromName: false });
    expect(documentTitle(`Primer principio — mis apuntes\n\n${body}`, 'apuntes.md')).toEqual({ title: 'Primer principio — mis apuntes', fromName: false });
    expect(await of(`# Primer principio — mis apuntes\n\n${body}`, 'apuntes.md')).toEqual({ semanas: [2, 2], motivo: { kind: 'encabezado', titulo: 'Primer principio — mis apuntes' } });
  });

  it('is the file\'s name without its extension when the document has none, and the proposal says so', async () => {
    const text = 'En un gas ideal la energía interna solo depende de la temperatura: a temperatura constante el calor absorbido es igual al trabajo.';
    expect(documentTitle(text, 'Primer_principio.txt')).toEqual({ title: 'Primer principio', fromName: true });
    const got = await of(text, 'Primer_principio.txt');
    expect(got.motivo).toEqual({ kind: 'encabezado', titulo: 'Primer principio', donde: 'nombre' });
    const view = { nombre: 'Primer_principio.txt', tipo: 'texto' as const, paginas: null, semanas: [{ semana: 2, notas: 1 }], sinSemana: 0, primeras: [text], motivo: got.motivo! };
    expect(MATERIAL.proposal(view)).toContain('Todo va a la semana 2 porque el nombre del archivo, «Primer principio», trata de lo mismo que el título de esa semana.');
  });
});

describe('a document titled by the course\'s own name', () => {
  it('is not sent by that name to the first week whose title shares it', async () => {
    const titles = ['Calor y temperatura', 'Primer principio de la termodinámica', 'Segundo principio de la termodinámica'];
    const c: Course = { titulo: 'Termodinámica', semanas: titles.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) };
    const text = 'Apuntes de Termodinámica\n\nEl segundo principio dice que la entropía de un sistema aislado nunca disminuye. Ninguna máquina térmica convierte todo el calor en trabajo: el segundo principio lo prohíbe.';
    const got = await documentWeeks(c, { drafts: noteDrafts(text, { fileName: 'apuntes.txt' }), firstPage: text, fileName: 'apuntes.txt' });
    expect(got.motivo?.kind).not.toBe('encabezado');
  });
});
