/**
 * The Greek γ of thermodynamics as Tesseract's Spanish model reads it (issue 43 §5), pure. The
 * model has no Greek letters: «pVᵞ = cte, con γ = cp/cv» comes out «pVY = cte, con y = cp/cv», with
 * a confidence as high as the words around it, so the line is kept and says something else.
 *
 * A letter «y» is not γ by its context alone («y = 2x + 1» is a mathematician's line), so the page
 * has to say it is γ first: it defines it as the ratio of heat capacities («y = cp/cv», the
 * adiabatic index, which every textbook calls γ), or Tesseract read a γ somewhere on it. Only then:
 * - a «y» alone before «=» is γ (the Spanish «y» never stands before an «=»);
 * - a «y» glued as an exponent after a formula's capital («pVY», «TVy-1») is ᵞ («pVᵞ», «TVᵞ⁻¹»),
 *   in a line with an «=» or before «-1» (a heading in capitals has «LEY», «MUY»).
 * A page that says neither keeps its «y» as read.
 */

/** «y = cp/cv» (or «Cp/Cv», «cₚ/cᵥ»): γ defined as the ratio of heat capacities. */
const DEFINED = /(?<![\p{L}\p{N}])[yYγ]\s*=\s*[cC]\s*[pPₚ]\s*\/\s*[cC]\s*[vVᵥ](?![\p{L}\p{N}])/u;
/** A «y» standing alone before an «=». */
const BEFORE_EQUALS = /(?<![\p{L}\p{N}])[yY](?=\s*=)/gu;
/** A «y» glued after a formula's capital, at the word's end or before «-1»: an exponent («pVY», «TVy-1»). */
const EXPONENT = /(?<![\p{L}\p{N}])(\p{L}?\p{Lu})[yY](?:[-−—]1)?(?![\p{L}\p{N}])/gu;

/** Whether the page's own text says its «y» is γ (its lines read as one: a definition may wrap). */
export function saysGamma(lines: readonly string[]): boolean {
  const text = lines.join(' ');
  return text.includes('γ') || DEFINED.test(text);
}

/** The page's lines with the γ Tesseract read as «y» written γ, when the page says it is γ (the others unchanged). */
export function gammaSymbol(lines: readonly string[]): string[] {
  if (!saysGamma(lines)) return [...lines];
  return lines.map((l) => {
    const formula = l.includes('=');
    return l
      .replace(BEFORE_EQUALS, 'γ')
      .replace(EXPONENT, (whole: string, base: string) => {
        const minusOne = /[-−—]1$/.test(whole);
        // In capitals a word may end in «Y» («LEY DE POISSON», «MUY»): only in a formula's line, or before «-1».
        return formula || minusOne ? `${base}ᵞ${minusOne ? '⁻¹' : ''}` : whole;
      });
  });
}
