/**
 * A ruled table on a photographed page (issue 43 §5): Tesseract alone takes its columns for text
 * columns and its rules for letters, and the rows came out in pieces among the text beside them.
 * The OCR child finds the table by its rules, reads it cell by cell and the page around it as
 * bands: the rows come back whole, in order, each a row of cells, between the text above the table
 * and the text below it. Real Tesseract in its child process; the page is drawn here.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { ocrPage } from '../../src/domain/material/ocr-page.js';
import '../support/material-fixtures.js';

const PX = 30;
const ABOVE = [
  ['El calor pasa solo del cuerpo', 'caliente al frío y nunca al', 'revés sin un trabajo externo.'],
  ['Una máquina térmica toma calor', 'de un foco caliente y cede el', 'resto a un foco frío siempre.'],
];
const BELOW = [
  ['Las isotermas son curvas de', 'temperatura constante en el', 'diagrama de presión y volumen.'],
  ['Las adiabáticas no cambian', 'calor con el entorno y son', 'más inclinadas que isotermas.'],
];
const TABLE = [
  ['Etapa', 'Proceso', 'Calor'],
  ['Primera', 'Expansión isoterma', 'absorbe calor'],
  ['Segunda', 'Expansión adiabática', 'sin calor'],
  ['Tercera', 'Compresión isoterma', 'cede calor'],
];

/** A photo of a page on a desk: two columns of text, a ruled table across the page, two columns again. */
function page(): Uint8Array {
  const width = 1500;
  const height = 1250;
  const desk = 120;
  const canvas = createCanvas(width + 2 * desk, height + 2 * desk);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#5c5046';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(desk, desk);
  ctx.fillStyle = '#fdfdf8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#151515';
  ctx.font = `${PX}px "Fixture Serif"`;
  const columns = (cols: string[][], top: number) => cols.forEach((lines, c) => lines.forEach((l, i) => ctx.fillText(l, 80 + c * 700, top + i * PX * 1.5)));
  columns(ABOVE, 120);
  const top = 330;
  const rowH = 70;
  const colX = [80, 330, 880, 1420];
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 2;
  for (let r = 0; r <= TABLE.length; r++) {
    ctx.beginPath();
    ctx.moveTo(colX[0]!, top + r * rowH);
    ctx.lineTo(colX.at(-1)!, top + r * rowH);
    ctx.stroke();
  }
  for (const x of colX) {
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + TABLE.length * rowH);
    ctx.stroke();
  }
  TABLE.forEach((row, r) => row.forEach((cell, c) => ctx.fillText(cell, colX[c]! + 15, top + r * rowH + 47)));
  columns(BELOW, top + TABLE.length * rowH + 90);
  return canvas.encodeSync('png');
}

/** A photo of a ruled table whose cells hold subscripts, set small as a printed table's are. */
function subscriptTable(): Uint8Array {
  const width = 1500;
  const height = 700;
  const desk = 120;
  const canvas = createCanvas(width + 2 * desk, height + 2 * desk);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#5c5046';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(desk, desk);
  ctx.fillStyle = '#fdfdf8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#151515';
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 2;
  const rows = [['Etapa', 'Temperatura', 'Calor'], ['Primera', 'T₁ constante', 'absorbe Q₁'], ['Tercera', 'T₂ constante', 'cede Q₂']];
  const top = 150;
  const rowH = 56;
  const colX = [80, 400, 900, 1420];
  for (let r = 0; r <= rows.length; r++) ctx.fillRect(colX[0]!, top + r * rowH, colX.at(-1)! - colX[0]!, 2);
  for (const x of colX) ctx.fillRect(x, top, 2, rows.length * rowH);
  ctx.font = '30px "Fixture Serif"';
  rows.forEach((row, r) => row.forEach((cell, c) => ctx.fillText(cell, colX[c]! + 14, top + r * rowH + 37)));
  return canvas.encodeSync('png');
}

const ocr = createTesseractOcr();
afterAll(() => ocr.close());

describe('a ruled table on a photographed page', () => {
  it('comes back whole: each row a line of its cells, in order, between the text above and below', async () => {
    const read = ocrPage(await ocr.recognize(page()));
    const texts = read.lines.map((l) => l.text);
    const rows = read.lines.filter((l) => l.row);
    expect(rows.map((l) => l.text), texts.join('\n')).toEqual(TABLE.map((r) => r.join(' · ')));
    // The rows stand together, after the columns above the table and before those below it.
    const first = read.lines.indexOf(rows[0]!);
    expect(read.lines.slice(first, first + rows.length)).toEqual(rows);
    const at = (word: string) => texts.findIndex((t) => t.includes(word));
    for (const w of ['caliente al', 'de un foco']) expect(at(w), texts.join('\n')).toBeLessThan(first);
    for (const w of ['temperatura constante', 'calor con el entorno']) expect(at(w), texts.join('\n')).toBeGreaterThan(first + rows.length - 1);
  });

  it('reads a subscript digit that the Spanish model reads as a mark («T:») again, as a digit', async () => {
    const read = ocrPage(await ocr.recognize(subscriptTable()));
    const rows = read.lines.filter((l) => l.row).map((l) => l.text);
    expect(rows.join('\n'), JSON.stringify(read)).toMatch(/T₁ constante/);
    expect(rows.join('\n'), JSON.stringify(read)).toMatch(/T₂ constante/);
  });
});
