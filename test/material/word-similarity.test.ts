/** The measurement's similarity agrees with Python's difflib on hand-checked cases. */
import { describe, expect, it } from 'vitest';
import { matchedTokens, wordSimilarity, wordTokens } from '../support/word-similarity.js';

describe('word similarity', () => {
  it('tokens: NFKC folds sub- and superscripts to digits and letters, lower case, punctuation gone', () => {
    expect(wordTokens('Q₁ = pVᵞ; T₂/T₁ «Hola»')).toEqual(['q1', 'pvγ', 't2', 't1', 'hola']);
  });
  it('matches difflib ratio on known pairs', () => {
    // difflib.SequenceMatcher(None, 'a b c d'.split(), 'a c b d'.split(), autojunk=False).ratio() == 0.75
    expect(wordSimilarity('a b c d', 'a c b d')).toBe(0.75);
    // ('x y z', 'y z x') → blocks [y z] → 2·2/6
    expect(wordSimilarity('x y z', 'y z x')).toBeCloseTo(4 / 6, 10);
    expect(wordSimilarity('uno dos', 'uno dos')).toBe(1);
    expect(wordSimilarity('uno', 'dos')).toBe(0);
  });
  it('a swapped pair of halves still matches the longer half only', () => {
    const a = 'p q r s t u v w'.split(' ');
    const b = 'u v w p q r s t'.split(' ');
    expect(matchedTokens(a, b)).toBe(5);
  });
});
