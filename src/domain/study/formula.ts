/**
 * Formulas in a note: found around «=» as a run of symbols (η, Q₁, T₂/T₁, numbers, operators) and
 * said in words for the episode and the card's answer («η = 1 − T₂/T₁» → «eta es uno menos T dos
 * entre T uno»). Pure, small and hand-written: no library on the registry speaks Spanish maths.
 */
import { SAID_FORMULA, SAID_FUNCTIONS, SAID_OPERATORS } from '../../strings/study.js';
import { COMBINING_MACRON as MACRON } from '../../lib/fold.js';
import { escapeRegExp } from '../../lib/regexp.js';
import { isUnitEquation, sayUnitEquation } from './unit-equation.js';

const GREEK: Record<string, string> = {
  α: 'alfa', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'épsilon', ζ: 'dseta', η: 'eta', θ: 'zeta', κ: 'kappa', λ: 'lambda', μ: 'mu',
  ν: 'nu', ξ: 'xi', π: 'pi', ρ: 'ro', σ: 'sigma', τ: 'tau', φ: 'fi', χ: 'ji', ψ: 'psi', ω: 'omega', Ω: 'omega', Σ: 'sumatorio de', Δ: 'incremento de',
};
const OPERATORS = SAID_OPERATORS;
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const SUP = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte'];

/** What a one-letter symbol stands against when it is a symbol, not a word. */
const OPERAND_EDGE = /^[=+\-−–×·/*^()[\]≤≥<>≈]$/u;

/** Spanish words of two letters: prose, never a product of symbols. */
const SHORT_WORDS = new Set('de la el en es un se lo le no ya si al tu tú su mi me te os ni da va ve he ha yo ir ti'.split(' '));

const numberWords = (n: string) => (/^\d+$/.test(n) && Number(n) <= 20 ? UNITS[Number(n)]! : n);

/** Letters written as subscripts (Eₚ, Eₓᵧ, Eᵣ): an index, never part of a word. */
const SUB_LETTERS: Record<string, string> = { ₐ: 'a', ₑ: 'e', ₒ: 'o', ₓ: 'x', ₕ: 'h', ₖ: 'k', ₗ: 'l', ₘ: 'm', ₙ: 'n', ₚ: 'p', ₛ: 's', ₜ: 't', ᵢ: 'i', ᵣ: 'r', ᵤ: 'u', ᵥ: 'v', ᵦ: 'beta', ᵧ: 'y', ᵨ: 'ro', ᵩ: 'fi', ᵪ: 'ji' };
/** «u_E», «C_(eq)», «V_b»: a letter with its index written after an underscore, as a PDF or a keyboard writes it. */
const UNDERSCORED = /[A-Za-zΑ-Ωα-ω]_(?:\([\p{L}\d]{1,4}\)|[\p{L}\d]{1,4}(?![\p{L}\d]))/u;
const WHOLE_UNDERSCORED = new RegExp(`^${UNDERSCORED.source}$`, 'u');
/** Fractions written as one character («½ C (ΔV)²»): a number of the formula. */
const FRACTIONS = Object.keys(SAID_FORMULA.fractions).join('');
/** One token of a formula: a symbol, a number, an operator or a bracket. «Δ» opens a symbol of its own: «TΔS» is T times ΔS. */
const TOKEN = new RegExp(String.raw`${UNDERSCORED.source}|(?:(?![\u2090-\u209C\u1D62-\u1D6AΔΣ])\p{L}){3,}|Σ|[A-Za-zΑ-Ωα-ω]${MACRON}?[A-Za-zΑ-ΓΕ-Ωα-ω]?[₀-₉⁰-⁹¹²³ᵞ⁻\d\u2090-\u209C\u1D62-\u1D6A]*|\d+(?:[.,]\d+)?|[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[${FRACTIONS}]|[=+\-−–×·/*^()[\]≤≥<>≈%√|…]|\s+`, 'gu');
/** One letter with an index (T₁, Q2, x², a mean's x̄) or a Greek letter, or Δ before a letter. */
const ONE_SYMBOL = new RegExp(String.raw`^(?:[A-Za-zΑ-Ωα-ω]${MACRON}?[₀-₉⁰-⁹¹²³ᵞ⁻\d\u2090-\u209C\u1D62-\u1D6A]*|Δ[A-Za-z][₀-₉⁰-⁹¹²³ᵞ⁻\d\u2090-\u209C\u1D62-\u1D6A]*)$`, 'u');
/** «x̄²»: a letter with the bar of a mean, and what follows it. */
const BARRED = new RegExp(String.raw`^(\p{L})${MACRON}(.*)$`, 'u');
/** Words that may sit in a formula although made of letters. */
const FUNCTIONS = new Set(['ln', 'log', 'sen', 'cos', 'tg', 'exp', 'pV', 'cte']);

function isSymbol(t: string): boolean {
  // A formula stays on its line.
  if (/^\s+$/.test(t)) return !t.includes('\n');
  // «R1 + R2 + … + Rn»: an ellipsis stands for the terms of a series.
  // «|xi − x̄|»: bars of an absolute value; «(…)²»: an exponent after a bracket.
  if (/^\d/.test(t) || t in OPERATORS || t === '(' || t === ')' || t === '[' || t === ']' || t === '…' || t === '|' || /^[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/u.test(t)) return true;
  if (FUNCTIONS.has(t)) return true;
  // «½» and «u_E» stand in a formula as a number and a symbol do.
  if (Object.hasOwn(SAID_FORMULA.fractions, t) || WHOLE_UNDERSCORED.test(t)) return true;
  // Spanish one-letter words («y», «o», «a», «e», «u») join prose, not formulas.
  if (/^[yoaeu]$/.test(t)) return false;
  // One letter with an index (T₁, Q2, x²) or a Greek letter, or Δ before a letter.
  // «x̄»: a mean, its letter with a bar.
  if (ONE_SYMBOL.test(t)) return true;
  // A product of two symbols («pq», «pV»), never a two-letter Spanish word («de», «la», «es»).
  return /^[A-Za-z]{2}[₀-₉⁰-⁹¹²³ᵞ⁻]*$/u.test(t) && !SHORT_WORDS.has(t.toLowerCase());
}

export interface Formula {
  /** As written, e.g. «η = W / Q₁ = 1 − Q₂ / Q₁». */
  text: string;
  /** Offset in the text it was found in. */
  at: number;
  /** Its left-hand symbol («η»). */
  subject: string;
  /** Said in words. */
  spoken: string;
}

/**
 * A table row as the reader writes it, «celda · celda · celda» (two spaced dots or more) or a pipe
 * row: its cells sit side by side, so what stands across them is no formula.
 */
const TABLE_ROW = /^\s*\|.*\|.*\||(?:\s·\s.*){2,}/u;

/** Whether offset `at` of `text` lies on a table row's line. */
export function onTableRow(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return TABLE_ROW.test(text.slice(start, end < 0 ? text.length : end));
}

const OPEN: Record<string, string> = { '(': ')', '[': ']' };

/** The formulas of `text`: each «=» with symbols on both sides, widened over the symbols around it. */
export function formulasIn(text: string): Formula[] {
  return equalitiesIn(text, false);
}

/** The formulas of `text`, and with `units` its units' definitions too (said by the episode, never carded). */
function equalitiesIn(text: string, units: boolean): Formula[] {
  const toks: Array<{ t: string; at: number }> = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) toks.push({ t: text.slice(last, m.index), at: last });
    toks.push({ t: m[0], at: m.index });
    last = m.index + m[0].length;
  }
  if (last < text.length) toks.push({ t: text.slice(last), at: last });
  // A spaced «·» on a table row parts two cells: never a product that joins them into one formula.
  const cellBreak = (k: number) => toks[k]!.t === '·' && /^\s/u.test(toks[k - 1]?.t ?? '') && /^\s/u.test(toks[k + 1]?.t ?? '') && onTableRow(text, toks[k]!.at);
  // «a», «e», «y» are words in prose but symbols against an operator or a bracket («1/a)», «e^(», «y = m·x»).
  const beside = (k: number, step: number) => {
    const next = toks[k + step];
    return next && /^[ \t]+$/u.test(next.t) ? toks[k + 2 * step]?.t : next?.t;
  };
  const letterSymbol = (k: number) => /^[yoaeu]$/u.test(toks[k]!.t) && [beside(k, -1), beside(k, 1)].some((t) => t !== undefined && OPERAND_EDGE.test(t));
  // «Vmax», «kcat»: a symbol named by a few letters, against an operator or a bracket on its line.
  // (An operator or an opening bracket before it, or an operator after it with no word before: «) con Ea» is prose.)
  const namedSymbol = (k: number) => {
    if (!/^[A-Za-z][a-z]{2,4}$/u.test(toks[k]!.t) || SHORT_WORDS.has(toks[k]!.t.toLowerCase())) return false;
    const before = beside(k, -1);
    const after = beside(k, 1);
    return (before !== undefined && /^[=+\-−–×·/*^([]$/u.test(before)) || (after !== undefined && /^[=+\-−–×·/*^)\]]$/u.test(after) && (before === undefined || !/\p{L}/u.test(before)));
  };
  const joins = (k: number) => (isSymbol(toks[k]!.t) || letterSymbol(k) || namedSymbol(k)) && !cellBreak(k);
  const out: Formula[] = [];
  let i = 0;
  while (i < toks.length) {
    if (toks[i]!.t !== '=') { i++; continue; }
    let a = i;
    let b = i;
    while (a > 0 && joins(a - 1)) a--;
    while (b + 1 < toks.length && joins(b + 1)) b++;
    // A leading operator belongs to the prose before; an opening bracket only when it is not closed
    // within the formula («[S] = Km» keeps its bracket).
    const closes = (k: number) => { const open = toks[k]!.t; const close = open === '(' ? ')' : ']'; return toks.slice(k + 1, i).some((x) => x.t === close); };
    while (a < i && (/^\s+$|^[=+\-−–×·/*^<>≤≥≈]$/.test(toks[a]!.t) || (/^[([]$/u.test(toks[a]!.t) && !closes(a)))) a++;
    // A trailing operator, bracket opened or percent sign belongs to the prose after the formula.
    while (b > i && /^\s+$|^[=+\-−–×·/*^([<>≤≥≈%]$/.test(toks[b]!.t)) b--;
    // A formula cut inside a bracket it opened ends before that bracket («1/v0 = (Km» is no formula).
    const depth = (xs: typeof toks) => xs.reduce((d, x) => d + (x.t === '(' || x.t === '[' ? 1 : x.t === ')' || x.t === ']' ? -1 : 0), 0);
    while (b > i && depth(toks.slice(i + 1, b + 1)) > 0) {
      b--;
      while (b > i && /^\s+$|^[=+\-−–×·/*^([<>≤≥≈%]$/.test(toks[b]!.t)) b--;
    }
    // A bracket closed that the formula never opened is the prose's («(1 V = 1 J/C)», «alt) = Qo»): the formula stays inside it.
    const step = (t: string) => (OPEN[t] ? 1 : t === ')' || t === ']' ? -1 : 0);
    for (let k = a, d = 0; k < i; k++) {
      d += step(toks[k]!.t);
      if (d < 0) { a = k + 1; d = 0; }
    }
    for (let k = a, d = 0; k <= b; k++) {
      d += step(toks[k]!.t);
      if (d < 0) { b = Math.max(i, k - 1); break; }
    }
    while (a < i && /^\s+$|^[=+\-−–×·/*^<>≤≥≈]$/.test(toks[a]!.t)) a++;
    while (b > i && /^\s+$|^[=+\-−–×·/*^([<>≤≥≈%]$/.test(toks[b]!.t)) b--;
    const left = toks.slice(a, i).filter((x) => !/^\s+$/.test(x.t));
    const right = toks.slice(i + 1, b + 1).filter((x) => !/^\s+$/.test(x.t));
    const symbolic = (xs: typeof left) => xs.some((x) => /^[A-Za-zΑ-Ωα-ωΔ]/u.test(x.t));
    // «V = 12 V» is a value with its unit, not a formula.
    // An identity («p² + 2pq + q² = 1») may equal a number; one symbol equal to a number is a value.
    const value = left.length === 1 && /^\d/.test(right[0]?.t ?? '') && !right.some((x) => x.t in OPERATORS);
    // «1 V = 1 J/C»: a number and its units on both sides defines a unit, it is no quantity's formula.
    const unit = isUnitEquation(text.slice(toks[a]!.at, toks[i]!.at), text.slice(toks[i]!.at + 1, toks[b]!.at + toks[b]!.t.length));
    if (left.length > 0 && right.length > 0 && symbolic(left) && (symbolic(right) || left.length >= 3) && !value && (!unit || units) && left.length <= 8) {
      const formulaText = text.slice(toks[a]!.at, toks[b]!.at + toks[b]!.t.length);
      out.push({ text: formulaText, at: toks[a]!.at, subject: left.map((x) => x.t).join(''), spoken: unit ? sayUnitEquation(formulaText) : speakFormula(formulaText) });
    }
    i = b + 1;
  }
  return out;
}

function speakSymbol(t: string): string {
  if (t in OPERATORS) return OPERATORS[t]!;
  if (t === '…') return SAID_FORMULA.ellipsis;
  if (Object.hasOwn(SAID_FORMULA.fractions, t)) return SAID_FORMULA.fractions[t]!;
  // «u_E» is «u sub E», «C_(eq)» «C sub eq».
  const under = /^(.)_\(?([^)]+)\)?$/u.exec(t);
  if (under) return `${speakSymbol(under[1]!)} ${SAID_FORMULA.sub} ${/^\d+$/u.test(under[2]!) ? numberWords(under[2]!) : under[2]}`;
  if (/^\d+$/.test(t)) return numberWords(t);
  if (/^\d/.test(t)) return t.replace('.', ' coma ').replace(',', ' coma ');
  if (FUNCTIONS.has(t)) return Object.hasOwn(SAID_FUNCTIONS, t) ? SAID_FUNCTIONS[t]! : t;
  // «x̄»: the mean of x, «x barra»; «xi»: x with its index, «x sub i».
  const barred = BARRED.exec(t);
  if (barred) return `${speakSymbol(barred[1]!)} ${SAID_FORMULA.bar}${barred[2] ? ` ${speakSymbol(barred[2])}` : ''}`;
  const indexed = /^([a-z])([ijk])([⁰¹²³⁴⁵⁶⁷⁸⁹]*)$/u.exec(t);
  if (indexed) return `${indexed[1]} ${SAID_FORMULA.sub} ${indexed[2]}${indexed[3] ? ` ${speakSymbol(indexed[3])}` : ''}`;
  // «Vmax», «kcat»: a letter and the name written under it, said as such («V max»).
  if (/^[A-Za-z][a-z]{2,4}$/u.test(t)) return `${t[0]} ${t.slice(1)}`;
  let out = '';
  for (const ch of t) {
    if (GREEK[ch]) out += `${GREEK[ch]} `;
    else if (SUB.includes(ch)) out += `${UNITS[SUB.indexOf(ch)]} `;
    else if (SUP.includes(ch)) out += `elevado a ${UNITS[SUP.indexOf(ch)]} `;
    else if (SUB_LETTERS[ch]) out += `${SUB_LETTERS[ch]} `;
    else if (ch === '⁻') out += 'elevado a menos ';
    else if (/\d/.test(ch)) out += `${UNITS[Number(ch)]} `;
    else if (/^[a-z]{2}/.test(t) && out) out += `por ${ch} `;
    else out += `${ch} `;
  }
  return out.trim();
}

/** A sum or a comparison between terms: what a group's brackets must be said for. */
const BETWEEN_TERMS = /^[+\-−–=≤≥<>≈]$/u;

/** Whether a token ends an operand (a symbol, a number, a closing bracket): two operands side by side multiply. */
const endsOperand = (t: string | undefined) => t !== undefined && (t === ')' || t === ']' || /^[\p{L}\d]/u.test(t)) && !FUNCTIONS.has(t) && t !== 'Σ';

/**
 * The brackets a listener needs said: a group holding a sum («(Q₂ − Q₁)»), or a quotient or product
 * that is divided or raised as a whole («(ΔQ/Q) / (ΔR/R)», «(1/a)²»). The rest are read by the words
 * themselves: «−(1/a)·d[A]/dt» is «menos uno entre a por d de A entre d t».
 */
function saidBrackets(toks: string[]): Set<number> {
  const said = new Set<number>();
  const stack: number[] = [];
  for (let k = 0; k < toks.length; k++) {
    if (OPEN[toks[k]!]) { stack.push(k); continue; }
    if (toks[k] !== ')' && toks[k] !== ']') continue;
    const open = stack.pop();
    if (open === undefined || OPEN[toks[open]!] !== toks[k]) continue;
    let depth = 0;
    let sum = false;
    const inner = toks.slice(open + 1, k);
    inner.forEach((t, j) => {
      if (OPEN[t]) depth++;
      else if (t === ')' || t === ']') depth--;
      // A leading sign is said as «menos»: only a sign between terms makes a sum.
      else if (depth === 0 && j > 0 && BETWEEN_TERMS.test(t)) sum = true;
    });
    const oneTerm = inner.length === 1 || (inner.length === 2 && /^[+\-−–]$/u.test(inner[0]!));
    const whole = toks[open - 1] === '/' || toks[k + 1] === '/' || toks[k + 1] === '^';
    if (sum || (!oneTerm && whole && toks[open - 1] !== '^')) said.add(open).add(k);
  }
  return said;
}

/** A formula said in words, whole and in order: «η = 1 − T₂/T₁» → «eta es uno menos T dos entre T uno». */
export function speakFormula(formula: string): string {
  const toks = [...formula.matchAll(TOKEN)].map((m) => m[0]).filter((t) => !/^\s+$/u.test(t));
  const said = saidBrackets(toks);
  const words: string[] = [];
  let equals = 0;
  toks.forEach((t, k) => {
    const before = toks[k - 1];
    if (OPEN[t]) {
      // «d[A]» is «d de A»; «k[A]» and «2(x + 1)» multiply.
      if (before === 'd') words.push(SAID_FORMULA.of);
      else if (endsOperand(before)) words.push(OPERATORS['·']!);
      if (said.has(k)) words.push(SAID_FORMULA.open[t]!);
      return;
    }
    if (t === ')' || t === ']') {
      if (said.has(k)) words.push(SAID_FORMULA.close[t]!);
      return;
    }
    if (t === '|') { words.push(SAID_FORMULA.absolute); return; }
    if (t === '=') { words.push(equals++ === 0 ? SAID_FORMULA.equals : SAID_FORMULA.equalsAgain); return; }
    // «TΔS», «)x»: a symbol after an operand multiplies it; a number before a symbol reads as written («2pq»).
    if (/^\p{L}/u.test(t) && endsOperand(before) && !/^\d/u.test(before!)) words.push(OPERATORS['·']!);
    // «d[A]/dt»: a differential over or under a fraction bar is «d t», not «d por t».
    if (/^d[A-Za-z]$/u.test(t) && (before === '/' || toks[k + 1] === '/')) { words.push(`d ${t[1]}`); return; }
    words.push(speakSymbol(t));
  });
  return words.join(' ').replace(/\s+,/g, ',').replace(/\s+/g, ' ').trim();
}

/** Replaces every formula of a sentence by its words (what the episode says). */
export function speakFormulasIn(sentence: string): string {
  let out = sentence;
  for (const f of equalitiesIn(sentence, true).reverse()) out = `${out.slice(0, f.at)}${f.spoken}${out.slice(f.at + f.text.length)}`;
  const subscript = (s: string) => [...s].map((c) => UNITS[SUB.indexOf(c)]).join(' ');
  // Symbols left alone in the prose (T₁, Q₂, «u_E», «C_(eq)») are said too.
  return out.replace(/\b([A-Za-z])([₀-₉]+)/gu, (_m, l: string, s: string) => `${l} ${subscript(s)}`)
    .replace(new RegExp(UNDERSCORED.source, 'gu'), (t) => speakSymbol(t))
    // «−∇V» is «menos el gradiente de V»; «+Q y −Q», «más Q y menos Q»; «½», «un medio».
    .replace(/∇\s*/gu, `${SAID_FORMULA.gradient} `)
    .replace(/(^|[\s(])([+−])(?=[\p{L}\d∇])/gu, (_m, b: string, sign: string) => `${b}${OPERATORS[sign]} `)
    .replace(new RegExp(`[${FRACTIONS}]`, 'gu'), (f) => SAID_FORMULA.fractions[f]!)
    // «ΔG» alone in the prose is «incremento de G», its letter apart; «ε₀», «épsilon cero».
    .replace(/([ηγΔθλσρμπωεκταβφ])([₀-₉]*)(\p{L}?)/gu, (_m, c: string, s: string, l: string) => `${GREEK[c] ?? c}${s ? ` ${subscript(s)}` : ''}${l ? ` ${l}` : ''}`)
    // A value with its unit («V = 12 V») is not a formula, but is said too.
    .replace(/\s=\s/gu, ' igual a ').replace(/\s·\s/gu, ' por ');
}

/**
 * What `symbol` stands for, as the text says it: «donde T₁ es la temperatura del foco caliente»,
 * «la temperatura absoluta (T)», «η, el rendimiento». Undefined when the text does not say.
 */
export function meaningOf(symbol: string, text: string): string | undefined {
  const s = escapeRegExp(symbol);
  const patterns = [
    // «El potencial eléctrico V es la energía …»: the symbol after the term a sentence defines stands for that term, not for its definition.
    new RegExp(`(?:^|[.;:]\\s+|\\n)((?:El|La|Los|Las|el|la|los|las)\\s+\\p{Ll}[\\p{Ll}\\s]{2,50}?)\\s+${s}\\s+(?:es|son|se\\s+define)\\s`, 'u'),
    new RegExp(`(?:^|[\\s(,;:])${s}\\s+(?:es|son|representa|indica|mide)\\s+((?:el|la|los|las|un|una)\\s+[^,.;:=()]+)`, 'u'),
    new RegExp(`((?:el|la|los|las)\\s+[\\p{L}\\s]+?)\\s*\\(${s}\\)`, 'iu'),
    new RegExp(`(?:^|\\s)${s}\\s*,\\s*((?:el|la|los|las)\\s+[^,.;:=()]+)`, 'u'),
  ];
  for (const [k, p] of patterns.entries()) {
    const m = p.exec(text);
    // (The term that opens a sentence is named in lower case, as it is asked.)
    const said = k === 0 ? m?.[1]!.replace(/^\p{Lu}/u, (c) => c.toLocaleLowerCase('es')) : m?.[1];
    // «Q es la carga y t es el tiempo»: the meaning ends where the next symbol's begins.
    if (said) return said.split(/\s+y\s+\S{1,3}\s+(?:es|son)\s/u)[0]!.trim().replace(/\s+(?:y|e|o)$/u, '');
  }
  return undefined;
}
