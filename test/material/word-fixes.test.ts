/**
 * Misread words named to the student, and fixed one by one (ocr-page.ts `doubtfulWords`,
 * word-fixes.ts): a page read at 90 still said «Un eCoSistema €s…», and the only way to mend it was
 * to retype the whole note on a phone.
 */
import { describe, expect, it } from 'vitest';
import { doubtfulWords, ocrPage } from '../../src/domain/material/ocr-page.js';
import type { OcrLine } from '../../src/domain/material/ocr.js';
import { parseWordFixes, replaceWords } from '../../src/domain/material/word-fixes.js';
import { MATERIAL } from '../../src/strings/material.js';

function line(text: string, top: number, confidence = 90, wordConfidence: (w: string) => number = () => 92): OcrLine {
  const words = text.split(' ');
  return {
    text, confidence, block: 1, x0: 100, x1: 100 + words.length * 120, y0: top, y1: top + 40,
    baseline: { y0: top + 32, y1: top + 32 }, above: 30, below: 8,
    words: words.map((w, i) => ({ text: w, confidence: wordConfidence(w), x0: 100 + i * 120, x1: 200 + i * 120, y0: top, y1: top + 40 })),
  };
}

describe('words that look misread', () => {
  it('names capitals switched on twice inside a word, a sign glued to a letter, and a word Tesseract doubted — not a unit or a name', () => {
    const lines = [
      line('Un eCoSistema €s el conjunto de seres vivos.', 100),
      line('La presión se mide en kPa y el pH del suelo importa, decía McDonald.', 160),
      line('El biotopo es el medio físico.', 220, 90, (w) => (w === 'biotopo' ? 41 : 93)),
    ];
    expect(doubtfulWords(lines)).toEqual(['eCoSistema', '€s', 'biotopo']);
    const page = ocrPage({ lines, height: 2400 });
    expect(page.doubtful).toEqual(['eCoSistema', '€s', 'biotopo']);
  });

  it('a page read poorly as a whole is a draft corrected whole: no words named one by one', () => {
    const lines = [line('Un eCoSistema €s el conjunto.', 100, 40), line('Otra línea mal leída.', 160, 45)];
    expect(ocrPage({ lines, height: 2400 }).doubtful).toEqual([]);
  });

  it('the proposal names them and says how to fix one', () => {
    const text = MATERIAL.proposal({ nombre: 'foto', tipo: 'imagen', paginas: 1, semanas: [], sinSemana: 1, primeras: ['Un eCoSistema €s…'], dudosas: ['eCoSistema', '€s'] });
    expect(text).toContain('Puede que haya leído mal estas palabras: «eCoSistema», «€s». Para arreglar una, responde a este mensaje con la palabra y cómo es, por ejemplo «eCoSistema → …» (una por línea).');
  });
});

describe('a reply of fixes', () => {
  it('reads «palabra → arreglo» lines (arrows and quotes as typed); any other text is a text of its own', () => {
    expect(parseWordFixes('eCoSistema → ecosistema\n«€s» -> es')).toEqual([{ from: 'eCoSistema', to: 'ecosistema' }, { from: '€s', to: 'es' }]);
    expect(parseWordFixes('Un ecosistema es el conjunto de seres vivos.')).toBeUndefined();
    expect(parseWordFixes('eCoSistema → ecosistema\ny además el resto')).toBeUndefined();
    expect(parseWordFixes('   ')).toBeUndefined();
  });

  it('replaces each word where it stands whole, moves the pages after it, and names what it did not find', () => {
    const text = 'Un eCoSistema €s vivo.\n\nOtro eCoSistema; ecoSistemas no.';
    const out = replaceWords(text, [0, 24], [{ from: 'eCoSistema', to: 'ecosistema' }, { from: '€s', to: 'es' }, { from: 'vivo', to: 'muy vivo' }, { from: 'Parte', to: 'parte' }]);
    expect(out.text).toBe('Un ecosistema es muy vivo.\n\nOtro ecosistema; ecoSistemas no.');
    expect(out.pageStarts).toEqual([0, 28]);
    expect(out.text.slice(out.pageStarts![1]!)).toBe('Otro ecosistema; ecoSistemas no.');
    expect(out.missing).toEqual(['Parte']);
  });
});
