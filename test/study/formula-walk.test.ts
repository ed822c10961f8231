/** What a walk found in a physics lecture's formulas (issue #44): units' definitions, stray brackets, symbols the episode left unsaid. */
import { describe, expect, it } from 'vitest';
import { formulasIn, meaningOf, speakFormulasIn } from '../../src/domain/study/formula.js';
import { sayQuantities } from '../../src/domain/media/say-quantities.js';

describe('a physics lecture\'s formulas', () => {
  it('a unit\'s definition (a number and units on both sides) is no formula, and is said with the units\' names', () => {
    const text = 'El potencial eléctrico V es la energía potencial por unidad de carga: V = U / q₀.\n\nSu unidad es el voltio (1 V = 1 J/C).';
    expect(formulasIn(text).map((f) => f.text)).toEqual(['V = U / q₀']);
    expect(speakFormulasIn('Su unidad es el voltio (1 V = 1 J/C).')).toBe('Su unidad es el voltio (un voltio es un julio por culombio).');
    expect(speakFormulasIn('Se mide en faradios (1 F = 1 C/V).')).toBe('Se mide en faradios (un faradio es un culombio por voltio).');
  });
  it('a bracket the formula never opened ends it before, never inside it, and is never lost from the sentence', () => {
    expect(formulasIn('• Descarga: alt) = Qo e! +la carga cae al 37 % en T.')).toEqual([]);
    expect(formulasIn('(la ley de Ohm, V = I · R) se cumple').map((f) => f.text)).toEqual(['V = I · R']);
    expect(speakFormulasIn('(la ley de Ohm, V = I · R).')).toBe('(la ley de Ohm, V es I por R).');
  });
  it('the symbol after the term a sentence defines stands for that term', () => {
    expect(meaningOf('V', 'El potencial eléctrico V es la energía potencial por unidad de carga: V = U / q₀.')).toBe('el potencial eléctrico');
  });
  it('says in Spanish words the symbols the prose and the formulas write', () => {
    expect(speakFormulasIn('La densidad de energía del campo es u_E = ½ ε₀ E², válida siempre.')).toBe('La densidad de energía del campo es u sub E es un medio épsilon cero por E elevado a dos, válida siempre.');
    expect(speakFormulasIn('el campo apunta hacia donde el potencial disminuye: E = −∇V.')).toBe('el campo apunta hacia donde el potencial disminuye: E igual a menos el gradiente de V.');
    expect(speakFormulasIn('dos conductores aislados con cargas +Q y −Q.')).toBe('dos conductores aislados con cargas más Q y menos Q.');
    expect(speakFormulasIn('donde ε₀ es la permitividad del vacío y C_(eq) la capacitancia equivalente')).toBe('donde épsilon cero es la permitividad del vacío y C sub eq la capacitancia equivalente');
    expect(sayQuantities('es decir, 1,60 × 10⁻¹⁷ J.')).toBe('es decir, 1,60 por 10 elevado a menos 17 J.');
  });
});
