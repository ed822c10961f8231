/** What a chat shows of a note's Markdown emphasis: the words, not the marks. */
import { describe, expect, it } from 'vitest';
import { withoutEmphasis } from '../../src/strings/material.js';

describe('a note shown in a chat', () => {
  it('loses its emphasis marks and keeps its words', () => {
    expect(withoutEmphasis('La **cinética enzimática** estudia la *velocidad*; ***Ossessione*** (1943).')).toBe('La cinética enzimática estudia la velocidad; Ossessione (1943).');
    expect(withoutEmphasis('**v0 = Vmax · [S] / (Km + [S])**')).toBe('v0 = Vmax · [S] / (Km + [S])');
    expect(withoutEmphasis('- __Km__: la constante')).toBe('- Km: la constante');
  });
  it('keeps a lone or spaced asterisk, which is no emphasis', () => {
    expect(withoutEmphasis('2 * 3 = 6, y la nota 5*')).toBe('2 * 3 = 6, y la nota 5*');
  });
});
