/**
 * A two-column lecture with formulas read as its source says (issue #44, a walk's clase3.pdf): a
 * fraction set as a stack reads «C = Q / ΔV», never two terms side by side (a product); a subscript
 * in a numerator stays a subscript; a formula wrapped over two lines, or set on its own line after
 * its sentence, stays with that sentence; the two columns of a page are never read line by line
 * across (a column of justified text whose words start at one x on three lines is no table).
 * The PDF is committed (chromium printed test/fixtures/pdfread/clase-dos-columnas.html).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readingOrder, type TextRun } from '../../src/domain/material/reading-order.js';
import { readPdf } from '../../src/domain/material/pdf.js';
import { joinPages } from '../../src/domain/material/extract.js';
import type { OcrEngine } from '../../src/domain/material/ocr.js';
import { splitNotes } from '../../src/domain/material/reading.js';
import type { Course } from '../../src/domain/course/course.js';

const run = (str: string, x: number, y: number, size = 10.5, width = str.length * size * 0.55): TextRun => ({ str, x, y, width, height: size });
const texts = (runs: TextRun[]) => readingOrder(runs).map((l) => l.text);
/** This PDF has a text layer on every page: nothing is read by OCR. */
const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('no page of this PDF is a scan')), close: async () => undefined };

describe('a fraction set as a stack', () => {
  it('reads numerator / denominator on its formula\'s line, a numerator\'s subscript a subscript', () => {
    // «C = Q over ΔV» and «C = ε₀A over d» as chromium prints them: the numerator 7 pt up, the denominator 8 pt down.
    expect(texts([run('C =', 406, 562, 10.5, 20), run('Q', 434.4, 568.9, 10.5, 8.6), run('ΔV', 431.1, 553.9, 10.5, 15.2)])).toEqual(['C = Q / ΔV']);
    expect(texts([run('C =', 404.3, 467.5, 10.5, 20.2), run('ε', 429.3, 475.9, 10.5, 5.6), run('0', 434.9, 473.1, 8.7, 5.6), run('A', 440.5, 475.9, 10.5, 7.6), run('d', 435.3, 458.7, 10.5, 6.7)])).toEqual(['C = ε₀A / d']);
  });

  it('puts a product under the bar in brackets, and reads two fractions of one formula', () => {
    const runs = [run('U =', 122.9, 532, 10.5, 21), run('1', 157.8, 540.4, 10.5, 6.7), run('4πε', 148.8, 525.4, 10.5, 19.2), run('0', 168, 522.6, 8.7, 5.6), run('·', 178.4, 532, 10.5, 3.3),
      run('q', 186.6, 540.4, 10.5, 6.7), run('1', 193.3, 537.6, 8.7, 5.6), run('q', 198.9, 540.4, 10.5, 6.7), run('2', 205.6, 537.6, 8.7, 5.6), run('r', 196.3, 522.4, 10.5, 5)];
    expect(texts(runs)).toEqual(['U = 1 / (4πε₀) · q₁q₂ / r']);
  });

  it('leaves two short lines of a paragraph alone (nothing stands between them)', () => {
    expect(texts([run('aplicado.', 310, 405, 10.5, 48), run('Ejemplo.', 310, 391, 10.5, 46)])).toEqual(['aplicado.', 'Ejemplo.']);
  });
});

describe('the walk\'s two-column lecture', async () => {
  const pdf = await readPdf(new Uint8Array(readFileSync(new URL('../fixtures/pdfread/clase-dos-columnas.pdf', import.meta.url))), { ocr: noOcr });
  const text = joinPages(pdf.pages).text;
  const paragraphs = text.split('\n\n');

  it('reads its fractions as fractions', () => {
    expect(text).toContain('U = 1 / (4πε₀) · q₁q₂ / r');
    expect(text).toContain('C = Q / ΔV');
    expect(text).toContain('C = ε₀A / d');
    expect(text).toContain('U = ½ C (ΔV)² = Q² / (2C)');
  });

  it('keeps a formula with its sentence: wrapped over two lines, or set on a line of its own', () => {
    expect(text).toContain('se suman: 1/C_(eq) = 1/C₁ + 1/C₂ + … En paralelo');
    expect(text).toContain('se suman: C_(eq) = C₁ + C₂ + …');
    expect(paragraphs).toContain('Se mide en faradios (1 F = 1 C/V). Para un capacitor de placas paralelas de área A separadas una distancia d, C = ε₀A / d');
    expect(text).toContain('una distancia r: U = 1 / (4πε₀) · q₁q₂ / r donde ε₀ = 8,85 × 10⁻¹² C²/(N·m²) es la permitividad del vacío.');
    // A line with a subscript or a superscript stands a little further from the next: still one paragraph.
    expect(text).toContain('Cuando una carga de prueba q₀ se mueve dentro de un campo eléctrico');
    expect(text).toContain('es decir, 1,60 × 10⁻¹⁷ J.');
  });

  it('reads page 2\'s columns one after the other, every heading with its own text', () => {
    expect(text).not.toContain(' · la · ');
    expect(text).toContain('## 7. Dieléctricos\n\nSi se introduce un material aislante (dieléctrico) entre las placas, la capacitancia aumenta en un factor κ, la constante dieléctrica: C = κC₀. El dieléctrico se polariza');
    expect(text).toContain('## 8. Resumen\n\nEl potencial eléctrico es un escalar, lo que simplifica muchos cálculos frente al campo vectorial. La capacitancia mide la capacidad de un sistema de conductores para almacenar carga a una diferencia de potencial dada, y la energía almacenada crece con el cuadrado del voltaje.');
  });

  it('makes no note of its title block: its first note is its first section, still filed by the «Semana 3» it says', async () => {
    const titles = ['Carga eléctrica y ley de Coulomb', 'Campo eléctrico y ley de Gauss', 'Potencial eléctrico y capacitores', 'Corriente, resistencia y circuitos RC'];
    const course = { version: 1, titulo: 'Física II', semanas: titles.map((titulo, i) => ({ numero: i + 1, titulo, inicio: null, terminos: [] })) } as unknown as Course;
    const { pageStarts } = joinPages(pdf.pages);
    const split = await splitNotes({ texto: text, nombre: 'clase3.pdf', tipo: 'pdf', inicioPaginas: pageStarts }, { course, notes: [] });
    expect(split.propuesta[0]!.tema).toBe('1. energía potencial eléctrica');
    expect(split.propuesta[0]!.texto).toMatch(/^Cuando una carga de prueba/u);
    expect(split.propuesta.some((n) => n.texto.includes('Prof. R. Almeida'))).toBe(false);
    expect(split.motivo).toEqual({ kind: 'etiqueta', etiqueta: 'Semana 3', donde: 'primera_pagina' });
  });
});
