/**
 * Extraction of the student's material (issue 26 §1, §4): text files, text PDFs (pages, columns),
 * and every refusal with its sentence. OCR has its own file (ocr.test.ts): it is the slow tier.
 */
import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { MaterialError } from '../../src/domain/material/errors.js';
import { extractMaterial } from '../../src/domain/material/extract.js';
import { MAX_FILE_BYTES, MAX_PAGES } from '../../src/domain/material/limits.js';
import { createTesseractOcr } from '../../src/domain/material/ocr.js';
import { MATERIAL } from '../../src/strings/material.js';
import { docx, encryptedPdf, printedPage, scannedPdf, textPdf, twoColumnPdf } from '../support/material-fixtures.js';

// A real engine: these tests never reach it (no page is scanned), so it never starts a worker.
const ocr = createTesseractOcr();
afterAll(() => ocr.close());
const extract = (name: string, bytes: Uint8Array) => extractMaterial(name, bytes, { ocr });

async function refusal(name: string, bytes: Uint8Array): Promise<MaterialError> {
  const e = await extract(name, bytes).then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(MaterialError);
  return e as MaterialError;
}

describe('text files', () => {
  it('reads UTF-8 and keeps accents', async () => {
    const got = await extract('apuntes.md', new TextEncoder().encode('# Genética\r\n\r\nLa herencia según Mendel: guisantes y canción.\r\n'));
    expect(got).toEqual({ name: 'apuntes.md', kind: 'texto', text: '# Genética\n\nLa herencia según Mendel: guisantes y canción.', paginas: null });
  });

  it('detects Latin-1 and converts it', async () => {
    const latin1 = Buffer.from('Canción de otoño: el pájaro y la niña.', 'latin1');
    expect(latin1.includes(0xf3)).toBe(true);
    expect((await extract('viejo.txt', latin1)).text).toBe('Canción de otoño: el pájaro y la niña.');
  });
});

describe('PDF with a text layer', () => {
  it('reads a 3-page PDF page by page, in order', async () => {
    const pdf = await textPdf([
      ['Primera página: la célula es la unidad básica de la vida.'],
      ['Segunda página: el ADN guarda la información genética.', 'Un segundo párrafo sobre los genes.'],
      ['Tercera página: la mitosis reparte los cromosomas.'],
    ]);
    const got = await extract('Tema 4.pdf', pdf);
    expect(got.paginas).toBe(3);
    expect(got.kind).toBe('pdf');
    expect(got.ocr).toBeUndefined();
    const at = ['Primera página', 'Segunda página', 'Un segundo párrafo', 'Tercera página'].map((s) => got.text.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Paragraphs stay paragraphs (a blank line between them).
    expect(got.text).toMatch(/genética\.\n\nUn segundo párrafo/);
  });

  it('one reader thread serves PDFs in turn; an abort ends it and the next PDF still reads', async () => {
    const a = await textPdf([['Primera: la célula es la unidad básica de la vida.']]);
    const b = await textPdf([['Segunda: el ADN guarda la información genética.']]);
    const [ra, rb] = await Promise.all([extract('a.pdf', a), extract('b.pdf', b)]);
    expect(ra.text).toBe('Primera: la célula es la unidad básica de la vida.');
    expect(rb.text).toBe('Segunda: el ADN guarda la información genética.');
    // Aborted while the thread is in the middle of a PDF (it asked for a scanned page's OCR).
    const stop = new AbortController();
    const stuck = { recognize: () => (stop.abort(), new Promise<never>(() => undefined)), close: async () => undefined };
    const scan = await scannedPdf(await printedPage(['Una página escaneada.'], { width: 600 }));
    const aborted = extractMaterial('c.pdf', scan, { ocr: stuck, signal: stop.signal }).then(() => 'leído', (e: unknown) => (e as Error).name);
    expect(await aborted).toBe('AbortError');
    expect((await extract('b.pdf', b)).text).toBe(rb.text);
  });

  it('reads two columns left first, top to bottom, after the title', async () => {
    const left = ['La columna izquierda empieza hablando del barroco y de sus pintores más conocidos en España.', 'Velázquez pintó Las Meninas en la corte.'];
    const right = ['La columna derecha trata del romanticismo y de cómo la emoción llena los cuadros de la época.', 'Goya anuncia la pintura moderna.'];
    const got = await extract('dos columnas.pdf', await twoColumnPdf('Historia del arte', left, right));
    const t = got.text.replace(/\s+/g, ' ');
    const order = ['Historia del arte', 'La columna izquierda', 'Velázquez pintó', 'La columna derecha', 'Goya anuncia'].map((s) => t.indexOf(s));
    expect(order.every((i) => i >= 0), t).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Whole sentences: lines of one column are not interleaved with the other's.
    expect(t).toContain('La columna izquierda empieza hablando del barroco y de sus pintores más conocidos en España.');
  });
});

describe('refusals, one sentence each', () => {
  it('a file over 20 MB', async () => {
    const e = await refusal('grande.pdf', new Uint8Array(MAX_FILE_BYTES + 1));
    expect(e.problem.kind).toBe('demasiado_grande');
    expect(e.message).toMatch(/20 MB/);
  });

  it(`a PDF over ${MAX_PAGES} pages`, async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < MAX_PAGES + 1; i++) doc.addPage();
    const e = await refusal('libro.pdf', await doc.save());
    expect(e.problem).toEqual({ kind: 'demasiadas_paginas', pages: MAX_PAGES + 1 });
    expect(e.message).toBe(MATERIAL.problem(e.problem));
  });

  it('an encrypted PDF', async () => {
    expect((await refusal('secreto.pdf', encryptedPdf())).problem.kind).toBe('pdf_cifrado');
  });

  it('a corrupt PDF (cut in half)', async () => {
    const pdf = await textPdf([['Texto que nunca se leerá entero.']]);
    expect((await refusal('roto.pdf', pdf.subarray(0, 200))).problem.kind).toBe('pdf_roto');
  });

  it('an empty file and a PDF with no text at all', async () => {
    expect((await refusal('nada.txt', new Uint8Array())).problem.kind).toBe('vacio');
    expect((await refusal('blancos.txt', new TextEncoder().encode(' \n\n \t'))).problem.kind).toBe('vacio');
    const blank = await PDFDocument.create();
    blank.addPage();
    expect((await refusal('en blanco.pdf', await blank.save())).problem.kind).toBe('vacio');
  });

  it('bytes that are not what the name says', async () => {
    const text = new TextEncoder().encode('Esto es texto, no una foto.');
    expect((await refusal('foto.png', text)).problem).toEqual({ kind: 'no_coincide', name: 'foto.png', named: 'imagen' });
    expect((await refusal('tema.pdf', text)).problem.kind).toBe('no_coincide');
    const pdf = await textPdf([['Un PDF con nombre de texto.']]);
    expect((await refusal('notas.txt', pdf)).problem.kind).toBe('no_coincide');
    // A PNG signature with garbage after it is not an image either.
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    expect((await refusal('foto.png', fake)).problem.kind).toBe('no_coincide');
  });

  it('an older word-processor file and an unknown type are refused clearly', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    const doc = await refusal('Tema 5.doc', zip);
    expect(doc.problem).toEqual({ kind: 'word_antiguo', name: 'Tema 5.doc' });
    expect(doc.message).toContain('«Tema 5.doc»');
    expect((await refusal('Tema 5.odt', zip)).problem.kind).toBe('word_antiguo');
    expect((await refusal('hoja.xlsx', zip)).problem.kind).toBe('no_admitido');
  });
});

describe('Word documents (.docx)', () => {
  it('reads the paragraphs and headings, accents kept, a blank line between paragraphs', async () => {
    const bytes = docx([{ heading: 'Genética' }, 'La herencia según Mendel: guisantes y canción.', 'Los alelos son formas de un gen & sus <variantes>.']);
    const got = await extract('Tema 5.docx', bytes);
    expect(got).toEqual({ name: 'Tema 5.docx', kind: 'word', text: 'Genética\n\nLa herencia según Mendel: guisantes y canción.\n\nLos alelos son formas de un gen & sus <variantes>.', paginas: null });
  });

  it('a damaged .docx, a zip that is not a Word document, one with no text, and bytes that are not a .docx', async () => {
    const whole = docx(['Un párrafo cualquiera con texto suficiente.']);
    const cut = await refusal('Tema 5.docx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.problem).toEqual({ kind: 'docx_roto', name: 'Tema 5.docx' });
    expect(cut.message).toBe(MATERIAL.problem({ kind: 'docx_roto', name: 'Tema 5.docx' }));
    expect((await refusal('hoja.docx', zipSync({ 'hoja.csv': new TextEncoder().encode('a,b\n1,2\n') }))).problem.kind).toBe('docx_roto');
    expect((await refusal('vacío.docx', docx([]))).problem.kind).toBe('vacio');
    const pdf = await textPdf([['Un PDF con nombre de Word.']]);
    expect((await refusal('notas.docx', pdf)).problem).toEqual({ kind: 'no_coincide', name: 'notas.docx', named: 'word' });
    expect((await refusal('notas.docx', new TextEncoder().encode('solo texto'))).problem.kind).toBe('no_coincide');
  });
});
