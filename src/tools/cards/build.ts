/**
 * The cards of one note (pure): CARDS_PER_NOTE key terms of the note (see keyterms.ts), each asked
 * either as a definition ("¿Qué concepto mide…?", when the note opens by saying what the term is or
 * does) or as a cloze ("Completa la frase: «… _____ …»"). The answer is always the term as the note
 * writes it, and a note's cards ask about different terms.
 */
import { CuadernoError } from '../../errors.js';
import type { NewCard } from '../../store/index.js';
import type { Note } from '../domain.js';
import { buildIndex } from '../tfidf.js';
import type { KeyTerm } from './keyterms.js';
import { keyTerms } from './keyterms.js';
import { DEFINING_VERBS } from './lexicon.js';

export const CARDS_PER_NOTE = 3;
export const BLANK = '_____';
export const CLOZE_PROMPT = 'Completa la frase';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sentence of `text` around character `at` (so a long note gives a short question). */
function sentenceAround(text: string, at: number): { start: number; end: number } {
  const before = text.slice(0, at).search(/[.!?¡¿\n][^.!?¡¿\n]*$/);
  const start = before === -1 ? 0 : before + 1;
  const after = text.slice(at).search(/[.!?\n]/);
  const end = after === -1 ? text.length : at + after + 1;
  return { start, end };
}

/** "¿Qué concepto mide cuánto se alejan los datos de la media?" when the sentence defines `term`. */
function definitionQuestion(sentence: string, term: KeyTerm): string | undefined {
  const m = new RegExp(`^\\s*(?:(?:el|la|los|las|un|una)\\s+)?${escapeRegExp(term.text)}\\s+(se\\s+)?(\\S+)\\s+(.+)$`, 'iu').exec(sentence);
  if (!m || !DEFINING_VERBS.has(m[2]!.toLowerCase())) return undefined;
  // The first clause is the definition; what follows "y", "pero" or a comma adds another idea.
  const clause = m[3]!.split(/,|\s+y\s+|\s+pero\s+/u)[0]!.replace(/[.!?]\s*$/, '').trim();
  if (clause.split(/\s+/).length < 3) return undefined;
  const blanked = clause.replace(new RegExp(escapeRegExp(term.text), 'giu'), BLANK);
  return `¿Qué concepto ${m[1] ? 'se ' : ''}${m[2]} ${blanked}?`;
}

function clozeQuestion(text: string, term: KeyTerm): string {
  const { start, end } = sentenceAround(text, term.at);
  const sentence = `${text.slice(start, term.at)}${BLANK}${text.slice(term.at + term.text.length, end)}`.trim();
  return `${CLOZE_PROMPT}: «${sentence}»`;
}

/** The `count` best terms that share no word (so three cards never ask the same thing twice). */
export function distinctTerms(ranked: readonly KeyTerm[], count: number): KeyTerm[] {
  const chosen: KeyTerm[] = [];
  for (const t of ranked) {
    if (chosen.length === count) break;
    if (!chosen.some((c) => c.words.some((w) => t.words.includes(w)))) chosen.push(t);
  }
  return chosen;
}

/**
 * Builds CARDS_PER_NOTE cards for `note` against the whole `notebook` (for the TF-IDF weights).
 * A note with too few terms gets a topic card; one with fewer than CARDS_PER_NOTE usable items is
 * refused (BAD_REQUEST) rather than padded with weak cards.
 */
export function buildCards(note: Note, notebook: readonly Note[], weekOf: (note: Note) => number | null = (n) => n.semana ?? null): NewCard[] {
  const index = buildIndex(notebook.map((n) => n.texto));
  const row = index.rows[notebook.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  // The card's tag is the note's week in the owner's course (the toolbox passes the course's reading).
  const semana = weekOf(note);
  const base = { id_nota: note.id, ...(semana !== null ? { semana } : {}) };
  const terms = distinctTerms(keyTerms(note.texto, (w) => row.get(w) ?? 0), CARDS_PER_NOTE);
  const cards: NewCard[] = terms.map((term) => {
    const { start, end } = sentenceAround(note.texto, term.at);
    const definition = definitionQuestion(note.texto.slice(start, end), term);
    return definition
      ? { ...base, tipo: 'definicion', pregunta: definition, respuesta: term.text }
      : { ...base, tipo: 'cloze', pregunta: clozeQuestion(note.texto, term), respuesta: term.text };
  });
  if (cards.length < CARDS_PER_NOTE) {
    cards.push({ ...base, tipo: 'tema', pregunta: `¿De qué tema trata esta nota? «${note.texto.trim()}»`, respuesta: note.tema });
  }
  if (cards.length < CARDS_PER_NOTE) {
    throw new CuadernoError('BAD_REQUEST', `la nota ${note.id} tiene muy poco texto para hacer ${CARDS_PER_NOTE} tarjetas; elige otra nota.`, { field: 'id_nota' });
  }
  return cards;
}
