/**
 * What gives a formula question away (pure). A formula's left side names its quantity with the
 * quantity's initials («IT» for «ingreso total», «Eᵣ» for «elasticidad renta»): a question that
 * says those words beside options where only one left side carries the letters points at it. And
 * two formulas with one left side compute the same quantity (the definition and the midpoint
 * method of Eₚ; η of any engine and η of Carnot's): each is a second right answer to the other's
 * question, never a distractor (docs/design.md §3).
 */
import { fold } from '../../lib/fold.js';

const STOP = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'y', 'o', 'en', 'a', 'al', 'que', 'por', 'para', 'con', 'se', 'su', 'sus', 'lo', 'entre',
  // The question's own frame («¿Qué fórmula da…?», «¿Cuál…?») is no cue.
  'formula', 'cual', 'como', 'da', 'dan', 'calcula', 'expresa']);

/** The left side of a formula, as written («Eₚ» of «Eₚ = (ΔQ / Q) / (ΔP / P)»), or '' when it has none. */
export function leftSide(formula: string): string {
  const at = formula.indexOf('=');
  return at < 0 ? '' : formula.slice(0, at).trim();
}

/** The Latin letters of a formula's left side, subscripts read as letters («Eᵣ» → e, r; «ΔS» → s; «η» → none). */
export function leftLetters(formula: string): Set<string> {
  return new Set(leftSide(formula).normalize('NFKD').toLocaleLowerCase('en').match(/[a-z]/gu) ?? []);
}

/** True when two formulas name the same quantity on their left side (spaces and subscript forms aside). */
export function sameLeftSide(a: string, b: string): boolean {
  const l = (f: string) => leftSide(f).normalize('NFKD').replace(/\s+/gu, '');
  return l(a) !== '' && l(a) === l(b);
}

/** The letters of the answer's left side that are initials of the question's words: the options must all carry them. */
export function formulaCues(statement: string, formula: string): string[] {
  const initials = new Set(fold(statement).split(/[^\p{L}]+/u).filter((w) => w.length >= 3 && !STOP.has(w)).map((w) => w[0]!));
  return [...leftLetters(formula)].filter((c) => initials.has(c));
}
