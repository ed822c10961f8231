/**
 * A unit's definition written as an equality, «1 V = 1 J/C» or «1 eV = 1,60 × 10⁻¹⁹ J»: a number and
 * its units on both sides. It defines a unit, never a quantity's formula (formula.ts leaves it out of
 * the cards), and the episode says it with the units' names: «un voltio es un julio por culombio». Pure.
 */
import { SAID_SI_UNITS, SAID_UNIT_EQUATION as SAID } from '../../strings/study.js';

/**
 * A number and its units: «1 V», «1 J/C», «1,60 × 10⁻¹⁹ J», «8,85 × 10⁻¹² C²/(N·m²)». The units are
 * one run of letters after a space, never a symbol written against its number («2πr», «1/C₁»).
 */
const QUANTITY = /^([-−]?\d+(?:[.,]\d+)?(?:\s*[×·]\s*10(?:[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\(?[-−]?\d+\)?))?)\s+([\p{L}°Ω][\p{L}⁰¹²³⁴⁵⁶⁷⁸⁹⁻·/()]*)$/u;

/** Whether `left = right` is a unit's definition: a number and its units on each side. */
export function isUnitEquation(left: string, right: string): boolean {
  return QUANTITY.test(left.trim()) && QUANTITY.test(right.trim());
}

/** «m²» → «metro cuadrado», plural or not; a symbol not known is left as written. */
function unitWords(unit: string, plural: boolean): string {
  const m = /^(\p{L}+)([²³]?)$/u.exec(unit);
  const names = m ? SAID_SI_UNITS[m[1]!] : undefined;
  if (!m || !names) return unit;
  const power = m[2] === '²' ? ` ${SAID.squared}` : m[2] === '³' ? ` ${SAID.cubed}` : '';
  return `${names[plural ? 1 : 0]}${power}${plural && power ? 's' : ''}`;
}

/** One side, «1 J/C» → «un julio por culombio»; the number as written but for a lone «1». */
function sideWords(side: string): string {
  const [, number, units] = QUANTITY.exec(side.trim())!;
  const plural = number !== '1';
  const [over, under = ''] = units!.replace(/[()]/gu, '').split('/');
  const words = [...over!.split('·').map((u, k) => unitWords(u, plural && k === 0)), ...under.split('·').filter(Boolean).map((u) => `${SAID.per} ${unitWords(u, false)}`)];
  return `${plural ? number : SAID.one} ${words.join(' ')}`;
}

/** A unit's definition said aloud: «1 V = 1 J/C» → «un voltio es un julio por culombio». */
export function sayUnitEquation(text: string): string {
  const [left, right] = text.split('=');
  return `${sideWords(left!)} ${SAID.is} ${sideWords(right!)}`;
}
