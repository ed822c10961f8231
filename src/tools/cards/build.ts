/**
 * The cards of one note (pure): up to CARDS_PER_NOTE key terms of the note (see keyterms.ts), each
 * asked either as a definition ("¿Qué concepto mide…?", when the note opens by saying what the term
 * is or does) or as a cloze ("Completa la frase: «… _____ …»"). The answer is always the term as the
 * note writes it; the deck decides what a new card may ask (cardsForNote: a week's cards never give
 * each other away).
 */
import { CuadernoError } from '../../errors.js';
import type { Card, NewCard } from '../../store/index.js';
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

/** A term is asked about only with at least this many other words in its sentence. */
export const MIN_CONTEXT_WORDS = 4;

function contextWords(text: string, term: KeyTerm): number {
  const { start, end } = sentenceAround(text, term.at);
  const rest = `${text.slice(start, term.at)} ${text.slice(term.at + term.text.length, end)}`;
  return rest.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
}

/** Lower-case, for the containment rules below (a question "contains" an answer whatever its case). */
const fold = (s: string) => s.toLocaleLowerCase('es');

/**
 * Why a note got fewer than CARDS_PER_NOTE cards: it has fewer distinct key terms than that
 * (`pocos_terminos`); its terms sit in fewer sentences than that, and a second card of a sentence
 * would give the first one's answer away (`pocas_frases`); or the rest would repeat or give away
 * another card of the week (`ya_en_la_semana`).
 */
export const FEWER_CARD_REASONS = Object.freeze({ pocos_terminos: true, pocas_frases: true, ya_en_la_semana: true } as const);
export type FewerCardsReason = keyof typeof FEWER_CARD_REASONS;

export interface NoteCards {
  /** The note's cards: those it already had in the deck (first, unchanged), then the new ones. */
  cards: NewCard[];
  /** Present when `cards` has fewer than CARDS_PER_NOTE. */
  fewer?: FewerCardsReason;
}

/** The deck cards that share a week with `note` (its week's cards; for a note of no week, its own). */
function cardsOfWeek(note: Note, semana: number | undefined, deck: readonly Card[]): Card[] {
  return deck.filter((c) => !c.borrada && (semana !== undefined ? c.semana === semana : c.id_nota === note.id));
}

/** Where an existing cloze of `note` sits: the start of its sentence, if the card still matches the text. */
function clozeSentence(note: Note, card: Pick<NewCard, 'tipo' | 'pregunta' | 'respuesta'>): number | undefined {
  if (card.tipo !== 'cloze') return undefined;
  const filled = card.pregunta.slice(`${CLOZE_PROMPT}: «`.length, -1).replace(BLANK, card.respuesta);
  const at = note.texto.indexOf(filled);
  return at === -1 ? undefined : sentenceAround(note.texto, at).start;
}

/**
 * The cards of `note`, taking the `deck` into account (pure). Rules, for the cards of one week
 * (the deck's cards of the note's week plus the new ones):
 * - answers are key terms of the note (keyterms.ts), as the note writes them;
 * - no two cards have the same answer, and no card's question contains another card's answer
 *   (nor its own), so reviewing a week never gives an answer away;
 * - at most one cloze per sentence of the note, and a note's cards ask about terms that share no word;
 * - up to CARDS_PER_NOTE per note, counting the cards the note already has (asking again adds
 *   none: the week's cards are made once).
 * Terms that appear in no other note of the same week are tried first: whatever order the week's
 * notes are carded in, their answers cannot turn up in another note's question.
 * A note with no key term at all is refused (BAD_REQUEST) rather than given a weak card.
 */
/** How a note's week is read for its cards' tag: by default the week the note carries (issue 24). */
export type WeekOfNote = (note: Note) => number | null;
const ownWeek: WeekOfNote = (n) => n.semana ?? null;

export function cardsForNote(note: Note, notebook: readonly Note[], deck: readonly Card[] = [], weekOf: WeekOfNote = ownWeek): NoteCards {
  const index = buildIndex(notebook.map((n) => n.texto));
  const row = index.rows[notebook.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const semana = weekOf(note) ?? undefined;
  const base = { id_nota: note.id, ...(semana !== undefined ? { semana } : {}) };
  // A good term has a sentence around it to ask with («Hola.» asks nothing).
  const ranked = keyTerms(note.texto, (w) => row.get(w) ?? 0).filter((t) => contextWords(note.texto, t) >= MIN_CONTEXT_WORDS);
  if (ranked.length === 0) {
    throw new CuadernoError('BAD_REQUEST', `la nota ${note.id} tiene muy poco texto para hacer tarjetas: no hay ningún término clave que preguntar; elige otra nota.`, { field: 'id_nota' });
  }
  const others = semana === undefined ? [] : notebook.filter((n) => n.id !== note.id && weekOf(n) === semana).map((n) => fold(n.texto));
  const elsewhere = (t: KeyTerm) => others.some((text) => text.includes(fold(t.text)));
  const candidates = [...ranked.filter((t) => !elsewhere(t)), ...ranked.filter(elsewhere)];

  const week = cardsOfWeek(note, semana, deck);
  const kept: NewCard[] = week.filter((c) => c.id_nota === note.id).map(({ id_nota, semana: s, tipo, pregunta, respuesta }) => ({ id_nota, ...(s !== undefined ? { semana: s } : {}), tipo, pregunta, respuesta }));
  const all: Array<Pick<NewCard, 'pregunta' | 'respuesta'>> = [...week];
  const clozeAt = new Set(kept.flatMap((c) => clozeSentence(note, c) ?? []));
  const chosenWords: string[][] = kept.map((c) => fold(c.respuesta).split(/\s+/));
  const made: NewCard[] = [];

  const fits = (pregunta: string, respuesta: string) => giveAway({ pregunta, respuesta }, all) === undefined;
  for (const term of candidates) {
    if (kept.length + made.length >= CARDS_PER_NOTE) break;
    if (chosenWords.some((ws) => ws.some((w) => term.words.includes(w)))) continue;
    const { start, end } = sentenceAround(note.texto, term.at);
    const definition = definitionQuestion(note.texto.slice(start, end), term);
    let card: NewCard | undefined;
    if (definition && fits(definition, term.text)) card = { ...base, tipo: 'definicion', pregunta: definition, respuesta: term.text };
    else if (!clozeAt.has(start)) {
      const cloze = clozeQuestion(note.texto, term);
      if (fits(cloze, term.text)) {
        card = { ...base, tipo: 'cloze', pregunta: cloze, respuesta: term.text };
        clozeAt.add(start);
      }
    }
    if (!card) continue;
    made.push(card);
    all.push(card);
    chosenWords.push(term.words);
  }
  const cards = [...kept, ...made];
  if (cards.length >= CARDS_PER_NOTE) return { cards };
  const distinct = new Set(ranked.map((t) => fold(t.text))).size;
  const sentences = new Set(ranked.map((t) => sentenceAround(note.texto, t.at).start)).size;
  return { cards, fewer: distinct < CARDS_PER_NOTE ? 'pocos_terminos' : sentences < CARDS_PER_NOTE ? 'pocas_frases' : 'ya_en_la_semana' };
}

/** The cards `note` would get in an empty deck (cardsForNote without a deck). */
export function buildCards(note: Note, notebook: readonly Note[], weekOf: WeekOfNote = ownWeek): NewCard[] {
  return cardsForNote(note, notebook, [], weekOf).cards;
}

/** Why a card breaks the week rules (or, for a model's card, the note rules); see checkProposedCards. */
export type CardProblem =
  | { kind: 'vacia' }
  | { kind: 'delata_propia' }
  | { kind: 'delata_otra'; respuesta: string }
  | { kind: 'la_delatan'; pregunta: string }
  | { kind: 'repetida'; respuesta: string }
  | { kind: 'no_en_la_nota' }
  | { kind: 'no_es_termino' }
  | { kind: 'hueco' }
  | { kind: 'frase_ajena' }
  | { kind: 'misma_frase' }
  | { kind: 'demasiadas'; maximo: number };

type QA = Pick<NewCard, 'pregunta' | 'respuesta'>;

/**
 * The week rules for one card against the other cards of its week (pure): a question and an
 * answer, the question never holds its own answer nor another card's, no other question holds its
 * answer, and no two cards share an answer. Undefined when the card fits.
 */
export function giveAway(card: QA, week: readonly QA[]): CardProblem | undefined {
  const a = fold(card.respuesta.trim());
  const q = fold(card.pregunta);
  if (!a || !card.pregunta.trim()) return { kind: 'vacia' };
  if (q.includes(a)) return { kind: 'delata_propia' };
  for (const c of week) {
    const other = fold(c.respuesta.trim());
    if (other === a) return { kind: 'repetida', respuesta: c.respuesta };
    if (other && q.includes(other)) return { kind: 'delata_otra', respuesta: c.respuesta };
    if (fold(c.pregunta).includes(a)) return { kind: 'la_delatan', pregunta: c.pregunta };
  }
  return undefined;
}

/**
 * A cloze as the deck keeps it, «Completa la frase: «… _____ …»», from a sentence with one gap
 * (three or more underscores), with or without that frame; undefined when it has no gap or more than one.
 */
export function clozeFrame(text: string): string | undefined {
  let sentence = text.trim();
  const framed = new RegExp(`^${escapeRegExp(CLOZE_PROMPT)}\\s*:\\s*«([\\s\\S]*)»$`, 'u').exec(sentence);
  if (framed) sentence = framed[1]!.trim();
  const gaps = sentence.match(/_{3,}/g) ?? [];
  if (gaps.length !== 1) return undefined;
  return `${CLOZE_PROMPT}: «${sentence.replace(/_{3,}/, BLANK)}»`;
}

/** A card a model proposes through its tool: a question with its answer, or a sentence of the note with a gap. */
export interface ProposedCardInput {
  tipo: 'pregunta' | 'cloze';
  pregunta: string;
  respuesta: string;
}

/** Most words in an answer: a key term, not a sentence. */
export const MAX_ANSWER_WORDS = 6;

const wordsOf = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * A model's proposed cards for `note`, checked with the same rules as cardsForNote (pure): each
 * answer is written in the note and is (or holds, or is part of) one of its key terms, in at most
 * MAX_ANSWER_WORDS words; a cloze is a sentence of the note with the answer as its one gap, at most
 * one per sentence; the week rules hold against `week` (the week's cards in the deck and those
 * still waiting for the student) and between the proposed cards; and the note has at most
 * CARDS_PER_NOTE cards counting the `has` it already has. Returns the cards as the deck keeps them
 * and every problem by the card's position (0-based).
 */
export function checkProposedCards(
  note: Note, notebook: readonly Note[], proposed: readonly ProposedCardInput[], week: readonly QA[], has: number, weekOf: WeekOfNote = ownWeek,
): { cards: NewCard[]; problems: Array<{ i: number; problem: CardProblem }> } {
  const index = buildIndex(notebook.map((n) => n.texto));
  const row = index.rows[notebook.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const terms = keyTerms(note.texto, (w) => row.get(w) ?? 0).map((t) => fold(t.text));
  const text = fold(note.texto);
  const semana = weekOf(note) ?? undefined;
  const base = { id_nota: note.id, ...(semana !== undefined ? { semana } : {}) };
  const problems: Array<{ i: number; problem: CardProblem }> = [];
  const cards: NewCard[] = [];
  const all: QA[] = [...week];
  const clozeAt = new Set<number>();
  if (has + proposed.length > CARDS_PER_NOTE) problems.push({ i: Math.max(0, CARDS_PER_NOTE - has), problem: { kind: 'demasiadas', maximo: Math.max(0, CARDS_PER_NOTE - has) } });
  proposed.forEach((p, i) => {
    const respuesta = p.respuesta.trim();
    const a = fold(respuesta);
    const fail = (problem: CardProblem) => void problems.push({ i, problem });
    if (!a || !p.pregunta.trim()) return fail({ kind: 'vacia' });
    if (!text.includes(a)) return fail({ kind: 'no_en_la_nota' });
    if (wordsOf(respuesta).length > MAX_ANSWER_WORDS || !terms.some((t) => t === a || a.includes(t) || t.includes(a))) return fail({ kind: 'no_es_termino' });
    let pregunta = p.pregunta.trim();
    let tipo: NewCard['tipo'] = 'definicion';
    if (p.tipo === 'cloze') {
      const framed = clozeFrame(pregunta);
      if (!framed) return fail({ kind: 'hueco' });
      const filled = fold(framed.slice(`${CLOZE_PROMPT}: «`.length, -1).replace(BLANK, respuesta));
      const at = text.indexOf(filled);
      if (at === -1) return fail({ kind: 'frase_ajena' });
      const start = sentenceAround(note.texto, at + filled.indexOf(a)).start;
      if (clozeAt.has(start)) return fail({ kind: 'misma_frase' });
      clozeAt.add(start);
      pregunta = framed;
      tipo = 'cloze';
    }
    const card: NewCard = { ...base, tipo, pregunta, respuesta };
    const problem = giveAway(card, all);
    if (problem) return fail(problem);
    all.push(card);
    cards.push(card);
  });
  return { cards, problems };
}
