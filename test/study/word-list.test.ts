import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSpanishForms, readShippedWords, SortedWords, spanishWordCheck } from '../../src/domain/study/word-list.js';

/** Real text to check the list against the speller: the committed lectures, passages and syllabi. */
function fixtureWords(): string[] {
  const dirs = ['test/fixtures/lectures', 'test/fixtures/passages', 'test/fixtures/syllabi/guias'];
  const words = new Set<string>();
  for (const dir of dirs) {
    for (const f of readdirSync(dir).filter((n) => /\.(md|txt)$/.test(n))) {
      for (const w of readFileSync(path.join(dir, f), 'utf8').match(/\p{L}+/gu) ?? []) words.add(w);
    }
  }
  return [...words].sort();
}

describe('the Spanish word list', () => {
  it('finds exactly the words it holds', () => {
    const list = new SortedWords('abeja\nañil\ncasa\nzorro\n');
    expect(list.size).toBe(4);
    for (const w of ['abeja', 'añil', 'casa', 'zorro']) expect(list.has(w)).toBe(true);
    for (const w of ['', 'a', 'abej', 'abejas', 'casas', 'zorros', 'zzz', 'Casa']) expect(list.has(w)).toBe(false);
    const check = spanishWordCheck(list);
    expect([check('Casa'), check('CASA'), check('casa'), check('Zorra')]).toEqual([true, true, true, false]);
  });

  it('is the dictionary as it stands, and judges real text as the speller does', async () => {
    const [{ default: dictionary }, { default: nspell }] = await Promise.all([import('dictionary-es'), import('nspell')]);
    const speller = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
    const shipped = readShippedWords();
    const forms = await allSpanishForms();
    // The file is the dictionary's forms (scripts/build-word-list.ts rebuilds it when the package moves).
    expect(shipped.size).toBe(forms.length);
    for (let i = 0; i < forms.length; i += 997) expect(shipped.has(forms[i]!)).toBe(true);
    const check = spanishWordCheck(shipped);
    const words = fixtureWords();
    expect(words.length).toBeGreaterThan(1500);
    const disagree = words.filter((w) => check(w) !== (speller.correct(w) || speller.correct(w.toLocaleLowerCase('es'))));
    expect(disagree).toEqual([]);
  }, 120_000);
});
