/**
 * A week's key ideas (docs/design.md §3), in the order of the material, for any subject:
 * - statements: «el enunciado / teorema / la ley / el principio de X dice (que) …» or «…: …»;
 * - definitions: «X es un/una/el/la …», «se llama X a …», «llamamos X a …», «a … se le llama X»,
 *   «se define X como …», «X consiste en / está formado por …»;
 * - formulas, with their left-hand symbol's meaning when the text says it («el rendimiento (η)»);
 * - dates: «En 1874, …» (humanities: when something happened); people: «Diego Velázquez (1599–1660)
 *   fue …»; works: a title in «…» or in italics;
 * - headings of the notes, when a sentence of their section says what they are about;
 * - key terms, ranked by TF-IDF against the rest of the course (cards/keyterms.ts).
 * Every idea is grounded in one sentence of a note that reads well (reading.ts): a cut, doubtful or
 * garbled sentence gives none. Ideas that name the same thing (same stems) are one idea, the
 * strongest kind kept. Pure given the dictionary check.
 */
import type { Note } from '../domain.js';
import { buildIndex } from '../tfidf.js';
import { keyTerms } from '../cards/keyterms.js';
import { DETERMINERS, FUNCTION_WORDS, GENERIC_NOUNS, PREPOSITIONS, QUANTIFIERS, VERBS } from '../cards/lexicon.js';
import { formulasIn, meaningOf, type Formula } from './formula.js';
import { languageOf, plainSentence, readProblem, sentencesOf, stem, type WordCheck } from './reading.js';

export type IdeaKind = 'enunciado' | 'definicion' | 'formula' | 'fecha' | 'persona' | 'obra' | 'encabezado' | 'termino';
/** Strongest first: when two ideas name the same thing, the stronger stays. */
export const KIND_ORDER: readonly IdeaKind[] = ['enunciado', 'definicion', 'formula', 'fecha', 'persona', 'obra', 'encabezado', 'termino'];

export interface KeyIdea {
  kind: IdeaKind;
  /** What the idea is called, as the note writes it: «enunciado de Kelvin-Planck», «proceso reversible». */
  term: string;
  /** The article the note gives the term («un», «el»…), for the question. */
  article: string;
  /** For a definition by what the term does («mide», «estudia»): that verb, which the question asks with. */
  verb?: string;
  /** What the note says of it: the statement, the definition, the formula, the event of a date. */
  body: string;
  /** The sentence it comes from (plain: no markdown marks). */
  sentence: string;
  noteId: number;
  /** Offset of the sentence in its note. */
  at: number;
  /** Stems of the term's content words, sorted: two ideas with the same key are one. */
  key: string;
  formula?: Formula;
  /** Its year, for a date. */
  year?: string;
  score: number;
}

const ARTICLE = '(un|una|unos|unas|el|la|los|las)';
const TERM = "([\\p{L}][\\p{L}\\d'’-]*(?:\\s+(?:de\\s+(?:la\\s+|los\\s+|las\\s+)?|del\\s+)?[\\p{L}\\d][\\p{L}\\d'’-]*){0,4})";
const NAMED = '(enunciado|teorema|ley|principio|postulado|axioma|regla|lema|paradoja|criterio|efecto|modelo)';
const STATING = '(?:dice|establece|afirma|sostiene|enuncia|asegura|postula|indica)';

/** Key terms taken from one note besides its stated ideas. */
export const TERMS_PER_NOTE = 2;
/** Adverbs the key-term rules may take for nouns. */
const ADVERBS = new Set(['casi', 'siempre', 'nunca', 'sólo', 'aún', 'todavía', 'además', 'incluso', 'apenas', 'bastante', 'luego', 'entonces']);
/** Verb forms by ending (first person plural, preterite, gerund, imperfect): never a term. */
const VERB_ENDING = /(?:amos|emos|imos|aron|ieron|ando|iendo|ábamos|aba|aban|aría|ería|iría)$/u;

const fold = (s: string) => s.toLocaleLowerCase('es');
const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w);

/** The stems of a term's content words, sorted and joined: the idea's identity. */
export function ideaKey(term: string): string {
  const words = fold(term).match(/[\p{L}\d]+/gu) ?? [];
  return [...new Set(words.filter((w) => !closed(w)).map(stem))].sort().join(' ');
}

/** A term a question can name: 1–6 words, not opening with a function word, no verb, not generic. */
function goodTerm(term: string): boolean {
  const words = fold(term).split(/\s+/);
  if (words.length === 0 || words.length > 6 || closed(words[0]!) || closed(words.at(-1)!)) return false;
  if (words.some((w) => VERBS.has(w))) return false;
  return !(words.length === 1 && GENERIC_NOUNS.has(words[0]!));
}

/** The first clause worth saying of a body: up to «; », «: por ejemplo», «, pero …», or 40 words. */
export function condense(body: string): string {
  let b = body.replace(/\s+/g, ' ').trim();
  b = b.split(/;\s|:\s+(?:por ejemplo|p\. ej\.)|\.\s|,\s+(?:pero|aunque|mientras que)\s/iu)[0]!.trim();
  const words = b.split(' ');
  if (words.length > 40) b = words.slice(0, 40).join(' ');
  return b.replace(/[.,:;]+$/u, '');
}

interface Found { kind: IdeaKind; term: string; article: string; body: string; formula?: Formula; year?: string; verb?: string }

/** The idea a well-read sentence states or defines, if it does. */
function ideaOfSentence(s: string, raw: string): Found | undefined {
  const named = new RegExp(`^(?:(?:Según|Por)\\s+)?(el|la)\\s+((?:primer|primera|segundo|segunda|tercer|tercera|cero)\\s+)?${NAMED}\\s+(de|del)\\s+(.+?)\\s*(?:,\\s*)?(?:${STATING}(?:\\s+que)?\\s*:?|[^:]{0,60}:)\\s+(.+)$`, 'iu').exec(s);
  if (named) {
    const term = `${named[2] ?? ''}${named[3]} ${named[4]} ${named[5]}`.trim();
    if (named[5]!.split(/\s+/).length <= 6) return { kind: 'enunciado', term, article: fold(named[1]!), body: named[6]! };
  }
  const ordinal = new RegExp(`^(el|la)\\s+((?:primer|segundo|tercer)\\s+(?:principio|ley)(?:\\s+de\\s+(?:la\\s+)?[\\p{L}]+)?)\\s+${STATING}(?:\\s+que)?\\s*:?\\s+(.+)$`, 'iu').exec(s);
  if (ordinal) return { kind: 'enunciado', term: ordinal[2]!, article: fold(ordinal[1]!), body: ordinal[3]! };
  const bold = /\*\*([^*]{2,60})\*\*/u.exec(raw)?.[1]?.trim();
  const called = new RegExp(`^(?:Se\\s+(?:llama|denomina|conoce\\s+como)|Llamamos|Denominamos)\\s+${TERM}(?:\\s*\\([^)]*\\))?\\s+(a|al|a la|a los|a las)\\s+(.+)$`, 'iu').exec(s);
  if (called) return { kind: 'definicion', term: called[1]!, article: '', body: called[3]! };
  const toCalled = new RegExp(`^A\\s+(.+?)\\s+se\\s+(?:le|les)\\s+(?:llama|denomina)\\s+${TERM}(?=[\\s.:,;]|$)`, 'iu').exec(s);
  if (toCalled) return { kind: 'definicion', term: toCalled[2]!, article: '', body: toCalled[1]! };
  const defined = new RegExp(`^(?:Se\\s+define|Definimos)\\s+(?:${ARTICLE}\\s+)?${TERM}\\s+como\\s+(.+)$`, 'iu').exec(s) ??
    new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+se\\s+define\\s+como\\s+(.+)$`, 'iu').exec(s);
  if (defined) return { kind: 'definicion', term: defined[2]!, article: fold(defined[1] ?? 'el'), body: defined[3]! };
  const is = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+((?:es|son)\\s+(?:un|una|unos|unas|el|la|los|las|aquel|aquella|aquellos|aquellas|lo\\s+que|cualquier)\\b.+|(?:consiste|consisten)\\s+en\\s+.+|(?:está|están)\\s+(?:formad[oa]s?|compuest[oa]s?)\\s+por\\s+.+|(?:consta|constan)\\s+de\\s+.+)$`, 'iu').exec(s);
  if (is) {
    const term = is[2]!;
    // With markdown emphasis the term is what the note bolds; without it the subject must read as a term.
    if (!bold || fold(bold) === fold(term) || fold(term).endsWith(fold(bold))) {
      const body = is[3]!.replace(/^(?:es|son)\s+/iu, '');
      return { kind: 'definicion', term, article: fold(is[1] ?? (/s$/.test(term) ? 'los' : 'el')), body };
    }
  }
  const does = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(mide|miden|estudia|estudian|representa|representan|describe|describen|indica|indican|resume|resumen)\\s+(.+)$`, 'iu').exec(s);
  if (does && (!bold || fold(bold) === fold(does[2]!))) {
    // «… y ayuda a comparar …»: a second verb starts another idea.
    const body = does[4]!.split(new RegExp(`\\s+(?:y|pero)\\s+(?=(?:${[...VERBS].join('|')})\\b)`, 'u'))[0]!;
    return { kind: 'definicion', term: does[2]!, article: fold(does[1] ?? ''), body, verb: fold(does[3]!) };
  }
  const person = /^(\p{Lu}[\p{L}'’-]+(?:\s+(?:de\s+|del\s+|van\s+|von\s+|da\s+)?\p{Lu}[\p{L}'’-]+){0,3})\s*(?:\([^)]*\d{3,4}[^)]*\))?,?\s+(fue|era)\s+((?:el|la|un|una|uno)\s+.+)$/u.exec(s);
  if (person && !closed(fold(person[1]!.split(/\s+/)[0]!))) return { kind: 'persona', term: person[1]!, article: '', body: person[3]!, verb: person[2]! };
  const meaning = /^Entendemos\s+por\s+(.+?)\s+((?:el|la|los|las|un|una|lo)\s+.+)$/iu.exec(s) ?? /^Por\s+(.+?)\s+se\s+entiende\s+(.+)$/iu.exec(s);
  if (meaning) return { kind: 'definicion', term: meaning[1]!, article: '', body: meaning[2]! };
  const trait = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(significa|se\\s+caracteriza\\s+por)\\s+(.+)$`, 'iu').exec(s);
  if (trait && (!bold || fold(bold) === fold(trait[2]!))) return { kind: 'definicion', term: trait[2]!, article: fold(trait[1] ?? ''), body: trait[4]!, verb: fold(trait[3]!).replace(/\s+/g, ' ') };
  const date = /^En\s+(?:el\s+año\s+)?(1\d{3}|20\d{2}),?\s+(.+)$/u.exec(s);
  if (date && !/^\d/.test(date[2]!)) return { kind: 'fecha', term: date[2]!.replace(/[.!]$/u, ''), article: '', body: date[2]!, year: date[1]! };
  return undefined;
}

/** The key ideas of one note, in the order of its text; `course` is every note (the TF-IDF background). */
export function keyIdeasOfNote(note: Note, course: readonly Note[], isWord: WordCheck, heading?: string): KeyIdea[] {
  const language = languageOf(note.texto);
  const sentences = sentencesOf(note.texto);
  const good = sentences.filter((s) => !readProblem(s.text, language, isWord));
  const ideas: KeyIdea[] = [];
  const add = (f: Found, s: { text: string; at: number }, score: number) => {
    const term = f.term.replace(/[.,:;]+$/u, '').trim();
    if (f.kind !== 'fecha' && f.kind !== 'enunciado' && f.kind !== 'obra' && f.kind !== 'persona' && !goodTerm(term)) return;
    const body = f.kind === 'formula' ? f.body : condense(f.body);
    if (f.kind !== 'formula' && body.split(/\s+/).length < 3) return;
    ideas.push({ ...f, term, body, sentence: plainSentence(s.text), noteId: note.id, at: s.at, key: `${f.kind === 'formula' ? 'fórmula ' : ''}${ideaKey(f.kind === 'fecha' ? `${f.year} ${term}` : term)}`, score });
  };
  for (const s of good) {
    const found = ideaOfSentence(plainSentence(s.text), s.text);
    if (found) add(found, s, 3);
  }
  // Works: a title in «…» or in italics inside a well-read sentence, asked as a cloze on the title.
  for (const s of good) {
    for (const m of s.text.matchAll(/«([^»]{3,80})»|(?<![*\w])\*([^*\s][^*]{1,78}[^*\s])\*(?![*\w])/gu)) {
      const title = (m[1] ?? m[2])!.trim();
      if (/^\p{Lu}/u.test(title) && title.split(/\s+/).length <= 8) add({ kind: 'obra', term: title, article: '', body: plainSentence(s.text) }, s, 2.2);
    }
  }
  // Formulas sit on their own line (no sentence): grounded in the well-read sentence that introduces them.
  for (const f of formulasIn(note.texto)) {
    const before = good.filter((s) => s.at <= f.at).at(-1);
    if (!before || f.at - (before.at + before.text.length) > 200) continue;
    const named = ideas.filter((i) => i.at <= f.at && (i.kind === 'definicion' || i.kind === 'enunciado')).at(-1);
    const said = meaningOf(f.subject, note.texto) ?? introduced(before.text);
    const meaning = said ?? named?.term;
    if (!meaning) continue;
    // The article as the text gives it; for a formula of the idea before it, that idea's.
    const article = said ? fold(/^(el|la|los|las)\s/iu.exec(said)?.[1] ?? '') : named!.article;
    add({ kind: 'formula', term: meaning.replace(/^(?:el|la|los|las)\s+/iu, ''), article, body: f.text, formula: f }, before, 2.5);
  }
  // The section's heading, when one of its well-read sentences names it.
  const head = heading && cleanHeading(heading);
  if (head && goodTerm(head)) {
    const k = ideaKey(head).split(' ');
    const s = good.find((x) => k.every((w) => ideaKey(x.text).split(' ').includes(w)));
    if (s) add({ kind: 'encabezado', term: head, article: '', body: plainSentence(s.text) }, s, 2);
  }
  // Key terms by TF-IDF against the course, each in its first well-read sentence.
  const index = buildIndex(course.map((n) => n.texto));
  const row = index.rows[course.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const named = ideas.map((i) => i.key.split(' '));
  let terms = 0;
  for (const t of keyTerms(note.texto, (w) => row.get(w) ?? 0)) {
    if (terms >= TERMS_PER_NOTE) break;
    if (!t.words.every((w) => w.length > 2 && !ADVERBS.has(w) && !VERB_ENDING.test(w) && (isWord(w) || /^\p{Lu}/u.test(t.text)))) continue;
    if (t.words.length === 1 && t.text.length < 5) continue;
    // A word of an idea already named («carga» in «cantidad de carga» is not another idea).
    const k = ideaKey(t.text).split(' ');
    if (named.some((n) => k.every((w) => n.includes(w)))) continue;
    const s = good.find((x) => x.text.includes(t.text));
    if (!s) continue;
    named.push(k);
    terms++;
    add({ kind: 'termino', term: t.text, article: '', body: plainSentence(s.text) }, s, t.score);
  }
  return merge(ideas);
}

/** «El **rendimiento** de la máquina es …:» → «rendimiento de la máquina»: what a formula's sentence introduces. */
function introduced(sentence: string): string | undefined {
  const bold = /\*\*([^*]{2,60})\*\*/u.exec(sentence)?.[1];
  if (bold) return bold;
  const m = new RegExp(`^(?:${ARTICLE}\\s+)?${TERM}\\s+(?:es|son|vale|se\\s+calcula|viene\\s+dad[oa])\\b`, 'iu').exec(plainSentence(sentence));
  return m && goodTerm(m[2]!) ? m[2] : undefined;
}

/** A heading without its numbering («3.», «Tema 5.», «II.») and trailing marks. */
export function cleanHeading(h: string): string {
  return h.replace(/^#+\s*/, '').replace(/^(?:tema|unidad|lección|capítulo)\s+\d+[.:]?\s*/iu, '').replace(/^(?:[IVXLC]+|\d+(?:\.\d+)*)[.)]?\s+/u, '').replace(/^(?:el|la|los|las)\s+/iu, '').replace(/[.:]+$/u, '').trim();
}

/** One idea per key, the strongest kind (then the highest score, then the earliest) kept, in text order. */
function merge(ideas: readonly KeyIdea[]): KeyIdea[] {
  const best = new Map<string, KeyIdea>();
  const rank = (i: KeyIdea) => KIND_ORDER.indexOf(i.kind);
  for (const i of [...ideas].sort((a, b) => rank(a) - rank(b))) {
    if (!i.key) continue;
    // A heading or a term inside a stronger idea's name («Carnot» in «ciclo de Carnot») is that idea.
    const words = i.key.split(' ');
    const covering = [...best.values()].find((b) => b.key !== i.key && rank(b) < rank(i) && words.every((w) => b.key.split(' ').includes(w)));
    if (covering && (i.kind === 'encabezado' || i.kind === 'termino')) continue;
    const had = best.get(i.key);
    if (!had || rank(i) < rank(had) || (rank(i) === rank(had) && i.score > had.score)) best.set(i.key, i);
  }
  return [...best.values()].sort((a, b) => a.noteId - b.noteId || a.at - b.at);
}

/** The key ideas of a week: its notes' (in the order given: the material's), one per key. */
export function keyIdeasOfWeek(notes: readonly Note[], course: readonly Note[], isWord: WordCheck): KeyIdea[] {
  return merge(notes.flatMap((n) => keyIdeasOfNote(n, course, isWord, n.tema)));
}
