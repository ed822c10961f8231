/**
 * Two columns of prose read in order (issue #44, a second walk's tema2-cadiz.pdf): a heading set in
 * one column, with the other column running on beside it, does not part the columns (it did, and a
 * sentence of section 3 was read into section 2's); a running header and a page number across the
 * gutter do not turn the columns' last lines into a table («España en · marzo de 1814. Un grupo · de
 * ·»); a column's last line stretched to its edge goes on in the next column, though it ends a
 * sentence. The PDF is committed (chromium printed test/fixtures/pdfread/prosa-dos-columnas.html).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readingOrder, type TextRun } from '../../src/domain/material/reading-order.js';
import { readPdf } from '../../src/domain/material/pdf.js';
import { joinPages } from '../../src/domain/material/extract.js';
import type { OcrEngine } from '../../src/domain/material/ocr.js';

const fixture = (name: string) => new URL(`../fixtures/pdfread/${name}`, import.meta.url);
/** The walk's PDF, as pdf.js gives its runs: page 1 around a heading in the right column, page 2 with its header, column feet and page number. */
const walk = JSON.parse(readFileSync(fixture('columnas-tema2.json'), 'utf8')) as Record<'headingInColumn' | 'columnFeet', [string, number, number, number, number][]>;
const texts = (runs: readonly [string, number, number, number, number][]) => readingOrder(runs.map(([str, x, y, width, height]): TextRun => ({ str, x, y, width, height }))).map((l) => l.text);
const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('no page of this PDF is a scan')), close: async () => undefined };

describe('the walk\'s two columns', () => {
  it('reads a heading set in the right column after the whole left column, its text after it', () => {
    const lines = texts(walk.headingInColumn);
    const at = (t: string) => lines.indexOf(t);
    expect(lines[at('hasta su disolución en enero de 1810.') + 1]).toBe('La Junta Central, acosada por el avance');
    expect(at('se reunirían unas Cortes que no')).toBeLessThan(at('moderada basada en la constitución'));
    expect(lines[at('3. La obra legislativa') + 1]).toBe('Además de la Constitución, las Cortes');
  });

  it('reads the columns\' last lines under a running header and over a page number as columns, not a table', () => {
    const lines = texts(walk.columnFeet);
    expect(lines.filter((l) => l.includes(' · '))).toEqual([]);
    const at = (t: string) => lines.indexOf(t);
    expect(lines[at('diciembre de 1813, Fernando VII regresó a') + 1]).toBe('España en marzo de 1814. Un grupo de');
    expect(lines[at('Manifiesto de los Persas, que pedía la') + 1]).toBe('La obra de Cádiz tuvo escasa aplicación');
    expect(lines[at('1812. El Estatuto de Bayona, redactado') + 1]).toBe('bajo la supervisión de Napoleón, reconocía');
  });
});

/** The source's sections: each heading with its paragraphs' sentences. */
function sourceSections(html: string): { heading: string; sentences: string[] }[] {
  const out: { heading: string; sentences: string[] }[] = [];
  for (const [, tag, body] of html.matchAll(/<(h2|p)[^>]*>([\s\S]*?)<\/\1>/gu)) {
    if (tag === 'h2') out.push({ heading: body!, sentences: [] });
    else out.at(-1)!.sentences.push(...sentences(body!));
  }
  return out;
}
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[«¿¡\p{Lu}])/u).map((s) => s.trim()).filter(Boolean);

describe('a lecture of my own in two justified columns, two pages', async () => {
  const pdf = await readPdf(new Uint8Array(readFileSync(fixture('prosa-dos-columnas.pdf'))), { ocr: noOcr });
  const text = joinPages(pdf.pages).text;
  const source = sourceSections(readFileSync(fixture('prosa-dos-columnas.html'), 'utf8'));

  it('reads every sentence whole, in order, under its heading', () => {
    const read = text.split(/^## /mu).slice(1).map((s) => {
      const [heading, ...rest] = s.split('\n');
      return { heading: heading!.trim(), sentences: rest.join(' ').split(/\n\n| {2,}/u).flatMap(sentences) };
    });
    // Its title block (a heading over both columns and a byline) comes first, then the sections.
    expect(read[0]!.heading).toBe('Tema 5. La Revolución Industrial en Gran Bretaña');
    expect(read.slice(1)).toEqual(source);
  });

  it('keeps a paragraph whole across a column whose last line ends a sentence', () => {
    expect(text).toContain('cada vez mayores. El pudelado de Henry Cort');
    expect(text).not.toMatch(/Historia económica|Página \d/u);
  });
});
