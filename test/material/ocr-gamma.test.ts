/**
 * The γ of thermodynamics that Tesseract's Spanish model reads as «y» (issue 43 §5): written γ only
 * where the page itself says its «y» is γ, so a mathematician's «y = 2x + 1» stays a «y».
 */
import { describe, expect, it } from 'vitest';
import { gammaSymbol, saysGamma } from '../../src/domain/material/ocr-gamma.js';

describe('gammaSymbol', () => {
  it('writes γ where the page defines it as the ratio of heat capacities, even across a line end', () => {
    const page = ['Para un gas ideal siguen la ley de Poisson, pVY = cte, con y =', 'cp/cv el cociente de capacidades caloríficas (y = 1,4 para el aire).', 'Equivalentemente, TVy-1 = cte.'];
    expect(gammaSymbol(page)).toEqual([
      'Para un gas ideal siguen la ley de Poisson, pVᵞ = cte, con γ =',
      'cp/cv el cociente de capacidades caloríficas (γ = 1,4 para el aire).',
      'Equivalentemente, TVᵞ⁻¹ = cte.',
    ]);
  });

  it('takes a γ Tesseract did read on the page as the same evidence', () => {
    expect(gammaSymbol(['el exponente γ de la adiabática', 'pVY = cte'])).toEqual(['el exponente γ de la adiabática', 'pVᵞ = cte']);
  });

  it('leaves the «y» of a page that does not say it is γ, and the Spanish «y» everywhere', () => {
    const maths = ['La recta y = 2x + 1 corta al eje X y al eje Y.', 'Sea XY = 4 el área.'];
    expect(saysGamma(maths)).toBe(false);
    expect(gammaSymbol(maths)).toEqual(maths);
    expect(gammaSymbol(['con y = cp/cv, y por eso sube y baja'])).toEqual(['con γ = cp/cv, y por eso sube y baja']);
    expect(gammaSymbol(['con y = cp/cv', '7. LA LEY DE POISSON Y MUY POCO MÁS'])).toEqual(['con γ = cp/cv', '7. LA LEY DE POISSON Y MUY POCO MÁS']);
  });
});
