/**
 * Formulas written in words on a line of their own, as the social sciences write them
 * («TBN = (nacimientos / población media) × 1000», «Densidad de población = habitantes / superficie en km²»,
 * «Activo = pasivo + patrimonio neto»): formula.ts reads runs of symbols and leaves these out. A line
 * (or a list item) that is one short name, an equals sign and an expression with an operator, and no
 * sentence: the note's own display of a formula (docs/design.md §3: formulas with what they mean). Pure.
 */
import { formulasIn, type Formula } from './formula.js';
import { SAID_OPERATORS } from '../../strings/study.js';

/** How the operators of a formula in words are said (the words themselves are said as written). */
const SAID = SAID_OPERATORS;

export interface WordFormula extends Formula {
  /** The left-hand side when it is a name in words («densidad de población»), not an acronym. */
  name?: string;
}

/** The left-hand side: a name of one to six words or an acronym, no sentence in it. */
const LEFT = /^(\p{Lu}[\p{L}\d₀-₉]*(?:\s+[\p{L}\d₀-₉]+){0,5})$/u;

/** «(nacimientos / población media) × 1000» → «nacimientos entre población media, por 1000». */
export function speakWords(formula: string): string {
  return formula
    .replace(/\(\s*/gu, '').replace(/\s*\)/gu, ',')
    .replace(/(^|\s)([=+−–\-/×·<>≤≥])(?=\s)/gu, (_m, b: string, op: string) => `${b}${SAID[op]}`)
    .replace(/km²/gu, 'kilómetros cuadrados').replace(/²/gu, ' al cuadrado')
    .replace(/,\s*,/gu, ',').replace(/,(\s*es\b)/gu, '$1').replace(/\s+,/gu, ',').replace(/\s+/gu, ' ').replace(/,$/u, '').trim();
}

/** The formulas in words of `text`: each display line «name = expression» that formula.ts does not read. */
export function wordFormulasIn(text: string): WordFormula[] {
  const out: WordFormula[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    const item = /^(\s*(?:[-*•]\s+)?)(.*?)\s*\.?\s*$/u.exec(line)!;
    const body = item[2]!;
    const m = /^([^=]+?)\s+=\s+([^=]+)$/u.exec(body);
    if (!m || body.length > 140 || /[.;:!?]\s/u.test(body) || formulasIn(body).length > 0) continue;
    const [left, right] = [m[1]!, m[2]!];
    // An expression: an operator between its terms, not a sentence with an equals sign in it.
    if (!LEFT.test(left) || !/\s[+−–\-/×·<>≤≥]\s/u.test(right) || right.split(/\s+/).length > 24) continue;
    const acronym = /^\p{Lu}[\p{Lu}\d₀-₉]+$/u.test(left);
    const name = acronym ? undefined : `${left[0]!.toLocaleLowerCase('es')}${left.slice(1)}`;
    out.push({ text: body, at: start + item[1]!.length, subject: left, spoken: speakWords(body), ...(name ? { name } : {}) });
  }
  return out;
}
