/**
 * Quantities as a listener hears them in the episode (docs/design.md §3): a power of a number
 * («10⁵», «10^8» → «10 elevado a 5») and a unit after a number («1000 kg/m³» → «1000 kilogramos por
 * metro cúbico»), a product «1,60 × 10…» → «1,60 por 10…». A voice reads «10⁵ Pa» as «diez cinco pe a». Formulas are said by formula.ts; these
 * are the numbers the prose gives. Pure.
 */
import { SAID_OPERATORS, SAID_POWER, SAID_UNITS } from '../../strings/study.js';
import { escapeRegExp } from '../../lib/regexp.js';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** «10⁵», «10⁻³», «10^8», «10^(-3)», «10^−3». */
const POWER = /(?<![\p{L}\d])(\d+)(?:\^\(?([-−])?(\d+)\)?|(⁻)?([⁰¹²³⁴⁵⁶⁷⁸⁹]+))/gu;
/** A unit right after a number (with or without a space), never inside a word. */
const UNIT = new RegExp(`(\\d)\\s?(${SAID_UNITS.map(([u]) => escapeRegExp(u)).join('|')})(?![\\p{L}\\d²³])`, 'gu');

/** `text` with its powers and its units after numbers said in words. */
export function sayQuantities(text: string): string {
  return text
    .replace(POWER, (_m, base: string, sign?: string, exp?: string, supSign?: string, sup?: string) =>
      SAID_POWER(base, exp ?? [...sup!].map((c) => SUPERSCRIPT.indexOf(c)).join(''), Boolean(sign ?? supSign)))
    .replace(UNIT, (_m, digit: string, unit: string) => `${digit} ${SAID_UNITS.find(([u]) => u === unit)![1]}`)
    // «1,60 × 10…»: a number times a power of ten.
    .replace(/(\d)\s*×\s*(?=\d)/gu, `$1 ${SAID_OPERATORS['×']} `);
}
