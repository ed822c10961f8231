/**
 * The model's explanation of a question is checked, not trusted (agent/explain.ts): every sentence
 * ends citing a passage shown, nothing else is cited, and it is short; otherwise it is dropped.
 */
import { describe, expect, it } from 'vitest';
import { checkedExplanation, EXPLANATION_MAX_CHARS } from '../../src/agent/explain.js';

const of = (explicacion: unknown) => checkedExplanation({ explicacion }, 2);

describe('a model\'s explanation of the passages', () => {
  it('is kept when every sentence cites a passage shown', () => {
    expect(of('El ciclo tiene dos isotermas [1]. Su rendimiento solo depende de las temperaturas [2].')).toBe('El ciclo tiene dos isotermas [1]. Su rendimiento solo depende de las temperaturas [2].');
    expect(of('Lo dicen los dos pasajes [1] [2].')).toBeDefined();
  });

  it('is dropped when a sentence cites nothing, cites a passage not shown, is empty, too long or not text', () => {
    expect(of('El ciclo tiene dos isotermas [1]. Y lo inventó un ingeniero francés.')).toBeUndefined();
    expect(of('Lo dice el tercer pasaje [3].')).toBeUndefined();
    expect(of('Nada [0].')).toBeUndefined();
    expect(of('   ')).toBeUndefined();
    expect(of(`${'a'.repeat(EXPLANATION_MAX_CHARS)} [1].`)).toBeUndefined();
    expect(of(42)).toBeUndefined();
    expect(checkedExplanation(undefined, 2)).toBeUndefined();
  });
});
