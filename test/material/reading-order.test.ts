/**
 * A PDF page's runs in reading order and a document's paragraphs (issue 43 §1), on runs placed by
 * hand: columns drawn interleaved, a table, sub- and superscripts, running headers, hyphenation,
 * paragraphs across pages, headings by size.
 */
import { describe, expect, it } from 'vitest';
import { readingOrder, type TextRun } from '../../src/domain/material/reading-order.js';
import { documentPages, joinLines } from '../../src/domain/material/paragraphs.js';

const run = (str: string, x: number, y: number, size = 10, width = str.length * size * 0.5): TextRun => ({ str, x, y, width, height: size });
const texts = (runs: TextRun[]) => readingOrder(runs).map((l) => l.text);

describe('reading order', () => {
  it('reads two columns left first even when the file draws them line by line across', () => {
    const left = ['uno izquierda', 'dos izquierda', 'tres izquierda', 'cuatro izquierda'];
    const right = ['uno derecha', 'dos derecha', 'tres derecha', 'cuatro derecha'];
    const runs: TextRun[] = [run('Título que cruza toda la página de lado a lado', 50, 800, 16, 500)];
    left.forEach((t, i) => {
      runs.push(run(right[i]!, 320, 760 - 13 * i, 10, 230));
      runs.push(run(t, 50, 760 - 13 * i, 10, 230));
    });
    runs.push(run('Pie que cruza toda la página de lado a lado otra vez', 50, 690, 10, 500));
    expect(texts(runs)).toEqual(['Título que cruza toda la página de lado a lado', ...left, ...right, 'Pie que cruza toda la página de lado a lado otra vez']);
  });

  it('reads short terms beside their definitions across, not as two columns', () => {
    const pairs = [['Calor', 'energía que pasa de un cuerpo caliente a uno frío por su diferencia de temperatura'], ['Trabajo', 'energía que se transfiere cuando una fuerza desplaza su punto de aplicación'], ['Entropía', 'función de estado que mide cómo se reparte la energía del sistema'], ['Foco', 'sistema tan grande que su temperatura no cambia al dar o tomar calor']];
    const runs = pairs.flatMap(([t, d], i) => [run(t!, 60, 700 - 14 * i, 10, 40), run(d!, 200, 700 - 14 * i, 10, 330)]);
    expect(texts(runs)).toEqual(pairs.map(([t, d]) => `${t} ${d}`));
  });

  it('reads a table row by row, cells joined, a wrapped cell whole', () => {
    const rows = [['Etapa', 'Proceso', 'Calor'], ['1 → 2', 'Expansión', 'absorbe'], ['2 → 3', 'Compresión', 'cede']];
    const runs: TextRun[] = [];
    rows.forEach((r, i) => r.forEach((c, k) => runs.push(run(c, 60 + 150 * k, 700 - 30 * i, 9, 60))));
    runs.push(run('isoterma', 210, 700 - 30 - 10, 9, 40));
    const lines = readingOrder(runs);
    expect(lines.map((l) => l.text)).toEqual(['Etapa · Proceso · Calor', '1 → 2 · Expansión isoterma · absorbe', '2 → 3 · Compresión · cede']);
    expect(lines.every((l) => l.row)).toBe(true);
  });

  it('keeps sub- and superscripts with their base', () => {
    const runs = [run('T', 50, 700, 10, 6), run('1', 56, 697, 7, 4), run(' = pV', 60, 700, 10, 25), run('γ', 85, 704, 7, 4), run(' = x', 89, 700, 10, 20), run('AB', 109, 697, 7, 8)];
    expect(texts(runs)).toEqual(['T₁ = pVᵞ = x_(AB)']);
  });
});

describe('document paragraphs', () => {
  const page = (lines: [string, number, number?][], header = 'Apuntes de clase · Curso 2026-2027', n = 1): { lines: ReturnType<typeof readingOrder> } => ({
    lines: readingOrder([run(header, 150, 820, 8, 200), ...lines.map(([t, y, size]) => run(t, 60, y, size ?? 10, t.length * 5)), run(`Página ${n} de 3`, 270, 20, 8, 50)]),
  });

  it('leaves out the running header and page numbers, joins a paragraph across pages and undoes hyphenation', () => {
    const pages = [
      page([['Tema 5. Segundo principio', 760, 16], ['El primer principio dice que la energía se con-', 730], ['serva en todo proceso, y el segundo fija el', 717]], undefined, 1),
      page([['sentido en que ocurren los procesos.', 760], ['Kelvin-', 747], ['Planck lo enunció así.', 734]], undefined, 2),
      page([['Otro párrafo que empieza en la tercera página.', 760]], undefined, 3),
    ];
    expect(documentPages(pages)).toEqual([
      '## Tema 5. Segundo principio\n\nEl primer principio dice que la energía se conserva en todo proceso, y el segundo fija el sentido en que ocurren los procesos. Kelvin-Planck lo enunció así.',
      '',
      'Otro párrafo que empieza en la tercera página.',
    ]);
  });

  it('keeps a header that this document does not repeat (two lectures sharing one each read alone)', () => {
    const one = [page([['Una sola página de apuntes con su texto.', 760]])];
    expect(documentPages(one)[0]).toContain('Apuntes de clase · Curso 2026-2027');
  });

  it('joins words broken at a line end, not a hyphen before a capital', () => {
    expect(joinLines('la termo-', 'dinámica')).toBe('la termodinámica');
    expect(joinLines('Kelvin-', 'Planck')).toBe('Kelvin-Planck');
    expect(joinLines('del 25–', '30 %')).toBe('del 25–30 %');
    expect(joinLines('una', 'línea')).toBe('una línea');
  });
});
