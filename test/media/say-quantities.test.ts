/** The episode says a power and a unit after a number in words (media/say-quantities.ts). */
import { describe, expect, it } from 'vitest';
import { sayQuantities } from '../../src/domain/media/say-quantities.js';

describe('quantities in the episode', () => {
  it('says a power of a number, written with a caret or superscripts, negative too', () => {
    expect(sayQuantities('unos 10⁵ Pa más')).toBe('unos 10 elevado a 5 pascales más');
    expect(sayQuantities('una constante de 10^8 y otra de 10⁻³')).toBe('una constante de 10 elevado a 8 y otra de 10 elevado a menos 3');
  });
  it('says a unit after a number, the longest unit first', () => {
    expect(sayQuantities('agua, 1000 kg/m³; g = 9,8 m/s²; 25 °C; el 90 %')).toBe('agua, 1000 kilogramos por metro cúbico; g = 9,8 metros por segundo al cuadrado; 25 grados; el 90 por ciento');
  });
  it('leaves letters that are no unit after a number alone', () => {
    expect(sayQuantities('Cm y Pa son siglas; el caso 3m; 10 m de agua')).toBe('Cm y Pa son siglas; el caso 3m; 10 m de agua');
  });
});
