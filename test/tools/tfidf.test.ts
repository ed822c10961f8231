import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SEED_NOTES_FILE } from '../../src/store/index.js';
import type { Note } from '../../src/domain/notebook.js';
import { buildIndex, similarities, tokenize, topK } from '../../src/domain/tfidf.js';

const notes: Note[] = JSON.parse(await readFile(SEED_NOTES_FILE, 'utf8'));

describe('TF-IDF (docs/design.md §3)', () => {
  it('lower-cases, keeps [a-záéíóúüñ]+ tokens and drops stop words', () => {
    expect(tokenize('La LUZ, y el Color del ¡Impresionismo! 1874 pingüino')).toEqual(['luz', 'color', 'impresionismo', 'pingüino']);
  });

  it('vocabulary is the sorted distinct words and idf = ln((1+N)/(1+df)) + 1', () => {
    const idx = buildIndex(['gato perro', 'gato']);
    expect(idx.vocabulary).toEqual(['gato', 'perro']);
    expect(idx.idf.get('gato')).toBeCloseTo(Math.log(3 / 3) + 1, 12);
    expect(idx.idf.get('perro')).toBeCloseTo(Math.log(3 / 2) + 1, 12);
    const row = idx.rows[0]!;
    expect(Math.hypot(...row.values())).toBeCloseTo(1, 12);
  });

  it('reproduces the reference: "la luz y el color del impresionismo", k=2 → note 8 at 0.426', () => {
    const s = similarities(buildIndex(notes.map((n) => n.texto)), 'la luz y el color del impresionismo');
    const top = topK(s, 2);
    expect(notes[top[0]!.index]!.id).toBe(8);
    expect(top[0]!.score.toFixed(3)).toBe('0.426');
  });

  it('a query with no known word scores 0 everywhere and ties keep note order', () => {
    const s = similarities(buildIndex(notes.map((n) => n.texto)), 'xyzzy 😀 漢字');
    expect(s.every((x) => x === 0)).toBe(true);
    expect(topK(s, 3).map((r) => r.index)).toEqual([0, 1, 2]);
  });
});
