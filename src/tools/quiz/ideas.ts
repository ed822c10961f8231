/**
 * The key ideas a quiz asks about, read from the student's notes (pure). This is the seam where the
 * week's key ideas of docs/design.md §3 («Study material worth studying») plug in: the quiz only
 * needs `QuizIdea`s, and `ideasOfNotes` is one honest way to get them — a sentence read as a
 * definition («X es …», «X se define como …», «Se llama X a …»), a named statement («Enunciado de X:
 * …», «El enunciado de X dice que …», «Ley/Principio/Teorema de X: …»), a formula («… es η = 1 − Tc/Th»)
 * or a date («En 1824, …»). A sentence that fits none of them gives no idea: a quiz is never built
 * from text this reader could not place. A question must stand alone: a definition keeps only its
 * defining clause (not what follows a colon, an example, a second definition coordinated with it),
 * and one that leans on a sentence before it («ese sentido», «dicho proceso») gives no idea.
 */
import type { Note } from '../domain.js';
import { headOf } from './kinds.js';

export type QuizIdeaKind = 'definicion' | 'enunciado' | 'formula' | 'termino' | 'fecha' | 'persona' | 'obra';

export interface QuizIdea {
  kind: QuizIdeaKind;
  /** What the answer option says: a term, a named statement, a formula, a year, a name, a work. */
  term: string;
  /** What the question says: the definition, the statement's words, what the formula gives. */
  statement: string;
  /** Where it was read: the note, and the file and page when the note keeps them. */
  source: { noteId: number; file?: string; page?: number };
  /** The sentence as the note writes it (the explanation quotes it). */
  passage: string;
}

/** A note as the quiz reads it: the notebook's Note, with its file and page when it has them. */
/** A note and where it comes from: its own `origen` (an import's file and page), or a file named by the caller. */
export type SourceNote = Note & { archivo?: string; pagina?: number | null };

const MAX_TERM_WORDS = 6;
const MIN_STATEMENT_WORDS = 3;
/** An option longer than Telegram's 100 characters cannot be offered. */
const MAX_TERM_CHARS = 100;

const ARTICLE = /^(?:el|la|los|las|un|una|lo)\s+/iu;
/** Subjects that are not a term («Esto es…», «Esta idea es…»). */
const NOT_A_TERM = /^(?:esto|eso|aquello|este|esta|ese|esa|estos|estas|esos|esas|dicho|dicha|dichos|dichas|tal|tales|ambos|ambas|otro|otra|su|sus|ello|todo|nada|aqui|aquí|hoy|ahora|también|tambien|pero|y|que|lo que|cuando|si|no|hay|se)\b/iu;
const DEFINING = /^(.{2,80}?)\s+(es|son|se define como|se denomina|se llama|consiste en|mide|indica|describe|representa|expresa)\s+(.+)$/iu;
/** «Se llama X a la …»: X is everything up to the last «a»/«al» before what it names (X may hold «al», never a comma). */
const CALLED = /^se\s+(?:llama|denomina|conoce como)\s+([^,;:]{2,80})\s+(a(?=\s+(?:la|las|los|un|una|unos|unas|lo|aquel|aquella)\s)|al)\s+(.+)$/iu;
const NAMED = /^(?:el\s+|la\s+)?((?:enunciado|ley|principio|teorema|postulado|regla)\s+(?:de(?:l)?\s+)?[\p{L}\p{N}][\p{L}\p{N}\s\-–]{1,60}?)\s*(?::|\s+(?:dice|afirma|establece|sostiene|enuncia)(?:\s+que|\s*:))\s*(.+)$/iu;
const FORMULA = /^(.{3,120}?)\s+(?:es|se calcula como|vale|viene dado por|viene dada por|se escribe)\s*:?\s+([^\s=]{1,12}\s*=\s*[^.;=]{1,80})$/iu;
/** A year that opens the sentence: «En 1824, …», «Hacia 1870 …». */
const OPENING_YEAR = /^(?:en|hacia|desde)\s+(?:el\s+año\s+)?(1[0-9]{3}|20[0-9]{2})\b/iu;
const YEAR = /\b(1[0-9]{3}|20[0-9]{2})\b/u;
/** A definition's subject opens with an article: «La entropía es…», «Un proceso adiabático es…». */
const OPENS_WITH_ARTICLE = /^(?:el|la|los|las|un|una|unos|unas)\s+\p{L}/iu;
/** Words a subject never ends in («La entropía se mide…» is not a definition of «entropía se»). */
const LOOSE_END = /\s(?:se|que|no|ya|muy|más|mas|tanto|cuanto|también|tambien|solo|sólo|y|o)$/iu;
/** Prose after a formula («…, es decir, un 64 %»): a worked example, not the formula. */
const PROSE = /,\s|\b(?:es decir|o sea|por tanto)\b/iu;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/[\s.;:,]+$/u, '').trim();
const capital = (s: string) => s.charAt(0).toLocaleUpperCase('es') + s.slice(1);

/** Markdown's emphasis and heading marks, which a note imported from Markdown may keep. */
const plain = (line: string) => line.replace(/^#{1,6}\s+/u, '').replace(/(\*\*|__|\*|_|`)(?=\S)([^*_`\n]+?)(?<=\S)\1/gu, '$2');

/** The note's sentences, in reading order (a line break ends one too: lists and headings). */
export function sentences(text: string): string[] {
  return text.split(/\n+/).map(plain).flatMap((line) => line.match(/[^.!?]+(?:[.!?]+|$)/gu) ?? []).map((s) => s.trim()).filter((s) => wordCount(s) >= 3);
}

/** `statement` with `term` hidden, so the question never says its own answer. */
function hide(statement: string, term: string): string {
  const bare = term.replace(ARTICLE, '');
  // «Ingreso total (IT)»: the term, its words without the abbreviation, and the abbreviation alone.
  const abbreviation = /\(([^)]{1,12})\)/u.exec(bare)?.[1];
  const forms = [bare, bare.replace(/\s*\([^)]*\)\s*/gu, ' ').trim(), ...(abbreviation ? [abbreviation] : [])].filter(Boolean);
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return forms.reduce((text, f) => text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(f)}(?![\\p{L}\\p{N}])`, 'giu'), '___'), statement);
}

/** Demonstratives that point at something said before («ese sentido», «dicho proceso», «esto»). */
const DEMONSTRATIVE = /(?<![\p{L}\p{N}])(?:(?:ese|esa|esos|esas|este|esta|estos|estas|dicho|dicha|dichos|dichas)\s+(?:mism[oa]s?\s+)?(\p{L}+)|esto|eso|ello)(?![\p{L}\p{N}])/giu;

/**
 * True when `statement` leans on a sentence before it: a demonstrative whose noun it has not
 * named yet («la ley que fija ese sentido»). «…entre dos focos… entre esos mismos focos» stands alone.
 */
export function leansOnContext(statement: string): boolean {
  for (const m of statement.matchAll(DEMONSTRATIVE)) {
    const noun = m[1];
    if (!noun) return true;
    const before = fold(statement.slice(0, m.index));
    if (!before.includes(fold(noun).slice(0, 5))) return true;
  }
  return false;
}

/**
 * The defining clause of a definition: up to a colon or semicolon (what follows is an example,
 * a formula or a second idea), before an example («, como…»), and before a second definition
 * coordinated with it («…, y bien inferior a aquel…»).
 */
export function definingClause(statement: string): string {
  return statement
    .split(/\s*[:;]\s/u)[0]!
    .replace(/,\s+(?:como|por ejemplo|p\.\s*ej\.|así como)\s.*$/iu, '')
    .replace(/,\s+y\s+[^,]{1,60}?\s+(?:a|al)\s+(?:aquel|aquella|aquellos|aquellas|la|las|los|lo|el|un|una)\s.*$/iu, '');
}

/**
 * «aquel que…» said of the term's head noun: «Un proceso X es aquel que…» → «el proceso que…». A
 * one-word term keeps «aquel» (its head is the answer itself).
 */
function namedGenus(statement: string, term: string): string {
  const head = headOf(term);
  const lead = /^(aquel|aquella)(?=\s)/iu.exec(statement);
  if (!lead || wordCount(term.replace(ARTICLE, '')) < 2) return statement;
  return `${lead[1]!.toLocaleLowerCase('es') === 'aquel' ? 'el' : 'la'} ${head}${statement.slice(lead[1]!.length)}`;
}

function idea(kind: QuizIdeaKind, term: string, statement: string, note: SourceNote, passage: string): QuizIdea | undefined {
  const t = clean(term);
  const s = clean(hide(statement, t));
  if (leansOnContext(s)) return undefined;
  if (!t || Array.from(t).length > MAX_TERM_CHARS || wordCount(s) < MIN_STATEMENT_WORDS) return undefined;
  if (kind !== 'formula' && kind !== 'fecha' && (wordCount(t) > MAX_TERM_WORDS || NOT_A_TERM.test(t.replace(ARTICLE, '')))) return undefined;
  const file = note.origen?.archivo ?? note.archivo;
  const page = note.origen ? note.origen.pagina : note.pagina;
  const source = { noteId: note.id, ...(file ? { file } : {}), ...(typeof page === 'number' ? { page } : {}) };
  // An option reads as a name: «Entropía», «Ciclo de Carnot», «Enunciado de Clausius» (no article).
  const named = kind === 'formula' || kind === 'fecha' ? t : capital(t.replace(ARTICLE, ''));
  return { kind, term: named, statement: s, source, passage: clean(passage) };
}

/** The idea of one sentence, if it reads as one of the shapes above. */
export function ideaOfSentence(sentence: string, note: SourceNote): QuizIdea | undefined {
  const s = clean(sentence.replace(/^[-•*]\s*/u, ''));
  // A question in the notes («¿Cuál es…?») asks; it states nothing to be asked about.
  if (/[¿?]/u.test(s)) return undefined;
  const named = NAMED.exec(s);
  if (named) return idea('enunciado', named[1]!, named[2]!, note, s);
  const formula = FORMULA.exec(s);
  if (formula && !/=/.test(formula[1]!) && !PROSE.test(formula[2]!)) return idea('formula', formula[2]!, formula[1]!.replace(ARTICLE, (a) => a.toLocaleLowerCase('es')), note, s);
  const called = CALLED.exec(s);
  if (called) return idea('definicion', called[1]!, namedGenus(definingClause(`${called[2]!.toLocaleLowerCase('es') === 'al' ? 'el ' : ''}${called[3]!}`), called[1]!), note, s);
  const defined = DEFINING.exec(s);
  if (defined && !/[,;:]/.test(defined[1]!) && !YEAR.test(defined[1]!) && OPENS_WITH_ARTICLE.test(defined[1]!) && !LOOSE_END.test(defined[1]!)) {
    const verb = defined[2]!.toLocaleLowerCase('es');
    const rest = defined[3]!;
    // «X es …» defines X only when what follows names a kind of thing (an article), not a quality.
    if ((verb === 'es' || verb === 'son') && !/^(?:el|la|los|las|un|una|unos|unas|aquel|aquella|lo|cuando|la medida)\b/iu.test(rest)) return undefined;
    return idea('definicion', defined[1]!, namedGenus(definingClause(`${verb === 'es' || verb === 'son' ? '' : `${verb} `}${rest}`), defined[1]!), note, s);
  }
  const year = OPENING_YEAR.exec(s);
  // «En 1824, X publicó…» asks «¿En qué año X publicó…?»: the year's phrase leaves the question.
  if (year) return idea('fecha', year[1]!, s.slice(year[0].length).replace(/^\s*,?\s*/u, ''), note, s);
  return undefined;
}

/** Every idea of `notes`, note by note in reading order; one idea per term (the first one read). */
export function ideasOfNotes(notes: readonly SourceNote[]): QuizIdea[] {
  const seen = new Set<string>();
  const out: QuizIdea[] = [];
  for (const note of notes) {
    for (const sentence of sentences(note.texto)) {
      const found = ideaOfSentence(sentence, note);
      if (!found) continue;
      const key = `${found.kind}:${fold(found.term.replace(ARTICLE, ''))}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(found);
    }
  }
  return out;
}
