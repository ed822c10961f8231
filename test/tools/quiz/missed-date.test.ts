/** A missed year is named by the event it dates in the quiz's closing line, never alone («repasa 1808»). */
import { describe, expect, it } from 'vitest';
import { missedName } from '../../../src/domain/quiz/missed.js';
import { QUIZ } from '../../../src/strings/quiz.js';

describe('a missed year', () => {
  it('is named with its event, cut at a word', () => {
    const idea = { kind: 'fecha' as const, term: '1810', passage: 'En 1810 se abrieron las Cortes en la isla de León.', statement: 'se abrieron las Cortes en la isla de León, cerca de Cádiz' };
    expect(missedName(idea)).toBe('1810 (se abrieron las Cortes en la isla…)');
    expect(QUIZ.score(4, 5, [missedName(idea)])).toBe('4 de 5; repasa 1810 (se abrieron las Cortes en la isla…).');
    expect(missedName({ ...idea, statement: '¿se abrieron las Cortes?' })).toBe('1810 (se abrieron las Cortes)');
  });
});
