/**
 * The cards of one note (pure): up to CARDS_PER_NOTE of its key ideas (study/key-ideas.ts), one card
 * each, asked by kind (study/idea-cards.ts): a definition, a statement, a formula, a date, or a cloze
 * on a key term inside a sentence read well. The deck decides what a new card may ask (cardsForNote:
 * a week's cards never give each other away, and a card the student deleted is not made again).
 */
import { CuadernoError } from '../../errors.js';
import type { Card, NewCard } from '../../store/index.js';
import type { Note } from '../notebook.js';
import { buildIndex } from '../tfidf.js';
import { keyTerms } from './keyterms.js';
import { KIND_ORDER, keyIdeasOfNote, type KeyIdea } from '../study/key-ideas.js';
import { BLANK, CLOZE_PROMPT, cardOfIdea } from '../study/idea-cards.js';
import { languageOf, readProblem, SENTENCE_MIN_WORDS, type WordCheck } from '../study/reading.js';
import { aboutItsSection, weakIdea } from '../study/section-subject.js';
import { centralIdeas } from '../study/central-idea.js';
import { DETERMINERS, FUNCTION_WORDS, PREPOSITIONS, QUANTIFIERS, VERBS } from './lexicon.js';
import { CARD_REFUSALS } from '../../strings/study.js';
import { escapeRegExp } from '../../lib/regexp.js';

export const CARDS_PER_NOTE = 3;
export { BLANK, CLOZE_PROMPT };


/** The sentence of `text` around character `at` (so a long note gives a short question). */
function sentenceAround(text: string, at: number): { start: number; end: number } {
  const before = text.slice(0, at).search(/[.!?¡¿\n][^.!?¡¿\n]*$/);
  const start = before === -1 ? 0 : before + 1;
  const after = text.slice(at).search(/[.!?\n]/);
  const end = after === -1 ? text.length : at + after + 1;
  return { start, end };
}

/** Lower-case, for the containment rules below (a question "contains" an answer whatever its case). */
const fold = (s: string) => s.toLocaleLowerCase('es');

/**
 * Why a note got fewer than CARDS_PER_NOTE cards: it has fewer distinct key terms than that
 * (`pocos_terminos`); its terms sit in fewer sentences than that, and a second card of a sentence
 * would give the first one's answer away (`pocas_frases`); or the rest would repeat or give away
 * another card of the week (`ya_en_la_semana`); or it states no key idea at all — no definition,
 * statement, formula, date or key term worth a card (`sin_ideas`: none, rather than a weak one).
 */
export const FEWER_CARD_REASONS = Object.freeze({ pocos_terminos: true, pocas_frases: true, ya_en_la_semana: true, sin_ideas: true } as const);
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

/** How a note's week is read for its cards' tag: by default the week the note carries (issue 24). */
export type WeekOfNote = (note: Note) => number | null;
const ownWeek: WeekOfNote = (n) => n.semana ?? null;

/** What a note's cards need besides the notes: the dictionary's word check and the deck's deleted cards. */
export interface CardOptions {
  /** Whether a word is Spanish (study/reading.ts loadWordCheck); without it every word counts as one. */
  isWord?: WordCheck;
  /** The deck's deleted cards (its tombstones): a card the student deleted is never made again. */
  deleted?: readonly Card[];
}

/**
 * The cards of `note`, taking the `deck` into account (pure). Rules, for the cards of one week
 * (the deck's cards of the note's week plus the new ones):
 * - one card per key idea of the note, the stronger kinds first (statement, definition, formula,
 *   date, heading, term), each grounded in a sentence read well, one card per sentence (a formula
 *   aside: it is its own line);
 * - no two cards have the same answer, and no card's question contains another card's answer
 *   (nor its own), so reviewing a week never gives an answer away;
 * - a card whose question or answer is that of a card the student deleted is not made again;
 * - up to CARDS_PER_NOTE per note, counting the cards the note already has (asking again adds
 *   none: the week's cards are made once); a list's items that each state an idea get theirs past it.
 * A note with no key idea at all is refused (BAD_REQUEST) rather than given a weak card.
 */
export function cardsForNote(note: Note, notebook: readonly Note[], deck: readonly Card[] = [], weekOf: WeekOfNote = ownWeek, opts: CardOptions = {}): NoteCards {
  const isWord = opts.isWord ?? (() => true);
  const semana = weekOf(note) ?? undefined;
  const base = { id_nota: note.id, ...(semana !== undefined ? { semana } : {}) };
  const ideas = keyIdeasOfNote(note, notebook, isWord, note.tema);
  // A note too short to say anything (a word or two) is a wrong choice of note: refused.
  if (ideas.length === 0 && (note.texto.match(/\p{L}+/gu)?.length ?? 0) < SENTENCE_MIN_WORDS) {
    throw new CuadernoError('BAD_REQUEST', CARD_REFUSALS.tooShort(note.id), { field: 'id_nota' });
  }
  const week = cardsOfWeek(note, semana, deck);
  const kept: NewCard[] = week.filter((c) => c.id_nota === note.id).map(({ id_nota, semana: s, tipo, pregunta, respuesta }) => ({ id_nota, ...(s !== undefined ? { semana: s } : {}), tipo, pregunta, respuesta }));
  // A note whose sentences no rule reads (an aside, a list of cases): its central idea, if it has one
  // (central-idea.ts), else no card — not a failure: a weak card would be worse than none.
  const weekNotes = semana === undefined ? [note] : notebook.filter((n) => weekOf(n) === semana);
  let centralOnce: KeyIdea[] | undefined;
  const central = () => (centralOnce ??= kept.length > 0 ? [] : centralIdeas(note, notebook, weekNotes, isWord));
  if (ideas.length === 0 && central().length === 0) return { cards: kept, fewer: 'sin_ideas' };
  // Each idea once, the stronger kinds first (a statement before a term of its sentence).
  // The week's key ideas come first: a note's second card may not give away the card of an idea of
  // a note of its week not carded yet (every idea gets a card before any note gets a second).
  const reserved = semana === undefined ? [] : reservedCards(note, notebook, deck, semana, weekOf, isWord);
  // A table's rows: those that would give away a stated idea of the week last, then those the notes come back to (their score, key-ideas.ts).
  const yields = (i: KeyIdea) => { const qa = i.kind === 'fila' ? cardOfIdea(i) : undefined; return qa !== undefined && reserved.some((r) => clash(qa, r)) ? 1 : 0; };
  const ranked = [...ideas].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || yields(a) - yields(b) || (a.kind === 'fila' ? b.score - a.score : 0) || a.at - b.at);
  const all: Array<Pick<NewCard, 'pregunta' | 'respuesta'>> = [...week];
  const gone = (opts.deleted ?? []).filter((c) => c.id_nota === note.id);
  const same = (a: Pick<NewCard, 'pregunta' | 'respuesta'>, b: Pick<NewCard, 'pregunta' | 'respuesta'>) => fold(a.pregunta) === fold(b.pregunta) || fold(a.respuesta) === fold(b.respuesta);
  const made: NewCard[] = [];
  // One card per sentence (a formula is its own): a second card of a sentence would give the first away.
  const usedSentences = new Set<number>();
  // The sentences of the cards the note already has (asked again, a week adds nothing from them).
  for (const idea of ranked) {
    const qa = cardOfIdea(idea);
    if (qa && idea.kind !== 'formula' && kept.some((c) => same(c, qa))) usedSentences.add(idea.at);
  }
  const minor = semana === undefined ? undefined : minorAllowed(notebook, semana, weekOf, isWord);
  let refused = 0;
  /** Whether `idea` is carded; `centre`: a section's central idea, `last`: a deferred weak one, both tried only while the note has no card. */
  const deferred: KeyIdea[] = [];
  const consider = (idea: KeyIdea, centre = false, last = false): boolean => {
    // Every note keeps one card: a note that states nothing is still asked its best term.
    const first = centre || (kept.length + made.length === 0 && !ideas.some((i) => STATED.has(i.kind)));
    if (minor && isMinor(idea) && !first && !minor.has(`${note.id} ${idea.at} ${idea.key}`)) return false;
    // A cloze on a detail no heading, no centre and no return of the week marks is no key idea
    // (section-subject.ts); as a note's only card it waits: the note is asked its central idea first.
    if (weakIdea(idea) && !centre && !last && !aboutItsSection(idea, note, weekNotes)) {
      if (kept.length + made.length === 0) deferred.push(idea);
      return false;
    }
    // A list whose items each state an idea («- Profase: …», «- Metafase: …») is one idea per item:
    // past the cap only those items, so no stage of the list is left without its card.
    // A formula on its own line, or a term the note bolds and defines, is a key idea the teacher set apart:
    // past the cap too, so the week's key ideas are covered before any gets a second card.
    if (kept.length + made.length >= CARDS_PER_NOTE && !(STATED.has(idea.kind) && (idea.item || setApart(idea, note))) && !boldTerm(idea, note)) return false;
    // …and a person who opens a sentence that states something else: its question is what they did, its answer the name.
    if (idea.kind !== 'formula' && !idea.shares && usedSentences.has(idea.at)) return false;
    const asked = cardOfIdea(idea);
    if (!asked) return false;
    // A context cue that names another card's answer is dropped, not the card: the cue only helps.
    const qa = giveAway(asked, all) !== undefined ? withoutCue(asked) : asked;
    if (kept.some((c) => same(c, qa) || same(c, asked))) return false;
    if (gone.some((c) => same(c, qa) || same(c, asked))) { refused++; return false; }
    if (giveAway(qa, all) !== undefined) return false;
    // Two cards of a week never ask one question with two answers: the card made first (its note comes first) is kept.
    if (all.some((c) => askedAs(c.pregunta) === askedAs(qa.pregunta))) return false;
    if (kept.length + made.length > 0 && reserved.some((r) => clash(qa, r))) return false;
    const card: NewCard = { ...base, ...qa };
    made.push(card);
    all.push(card);
    if (idea.kind !== 'formula') usedSentences.add(idea.at);
    return true;
  };
  for (const idea of ranked) consider(idea);
  // A section the rules left without a card: its central idea (the week's sections are covered first).
  if (kept.length + made.length === 0) central().some((idea) => consider(idea, true));
  // …and, failing one, its best term after all: every note that says something keeps a card.
  if (kept.length + made.length === 0) deferred.some((idea) => consider(idea, false, true));
  const cards = [...kept, ...made];
  if (cards.length >= CARDS_PER_NOTE) return { cards };
  // What bound the note: its sentences (one card each), its ideas, or the week's other cards.
  const open = ideas.length - refused;
  const sentences = new Set(ideas.map((i) => (i.kind === 'formula' ? -1 - i.at : i.at))).size;
  return { cards, fewer: sentences < Math.min(open, CARDS_PER_NOTE) ? 'pocas_frases' : open < CARDS_PER_NOTE ? 'pocos_terminos' : 'ya_en_la_semana' };
}

/**
 * A question as two cards would both ask it: without its context cue, nor the symbol after its term
 * («¿Qué es el potencial eléctrico V?» asks «¿Qué es el potencial eléctrico?»), whatever its case.
 */
const askedAs = (q: string) => fold(withoutCue({ pregunta: q }).pregunta.replace(/\s+(?:\p{Lu}|[α-ω])[\p{L}\d₀-₉]?(?=\?$)/u, '')).replace(/\s+/gu, ' ').trim();

/** Whether two cards cannot both be in a week: one gives the other's answer away, or they share it. */
const clash = (a: Pick<NewCard, 'pregunta' | 'respuesta'>, b: Pick<NewCard, 'pregunta' | 'respuesta'>) => giveAway(a, [b]) !== undefined && giveAway(withoutCue(a), [b]) !== undefined;

/** The kinds of key idea a week covers first: what the notes state, not their terms, headings or table rows. */
const STATED = new Set(['enunciado', 'definicion', 'formula', 'fecha', 'persona', 'obra']);

/** A formula, or a definition or statement of a term the note writes in bold («**bajo continuo**»). */
const setApart = (i: KeyIdea, note: Note) => i.kind === 'formula' || ((i.kind === 'definicion' || i.kind === 'enunciado') && note.texto.includes(`**${i.term}**`));

/** A key term the note bolds, carded as a cloze: the teacher set it apart too, past the cap (a long note lists several). */
const boldTerm = (i: KeyIdea, note: Note) => i.kind === 'termino' && !i.relaxed && note.texto.includes(`**${i.term}**`);

/** A secondary idea: a key term taken by the relaxed rules, or a table's row. */
const isMinor = (i: KeyIdea) => i.relaxed === true || i.kind === 'fila';

/**
 * The secondary ideas of a week that may be carded («noteId at key»): no more than the week's stated
 * ideas, the best-ranked first (TF-IDF score, then the order of the material), so relaxed terms and
 * table rows never outnumber what the notes define and state. A week that states nothing keeps them all.
 */
function minorAllowed(notebook: readonly Note[], semana: number, weekOf: WeekOfNote, isWord: WordCheck): Set<string> | undefined {
  const ideas = notebook.filter((n) => weekOf(n) === semana).flatMap((n) => keyIdeasOfNote(n, notebook, isWord, n.tema));
  const stated = ideas.filter((i) => STATED.has(i.kind)).length;
  if (stated === 0) return undefined;
  const minor = ideas.filter(isMinor).sort((a, b) => b.score - a.score || a.noteId - b.noteId || a.at - b.at);
  return new Set(minor.slice(0, stated).map((i) => `${i.noteId} ${i.at} ${i.key}`));
}

/** The cards of the stated ideas of the notes of `note`'s week that have no card yet. */
function reservedCards(note: Note, notebook: readonly Note[], deck: readonly Card[], semana: number, weekOf: WeekOfNote, isWord: WordCheck): Array<Pick<NewCard, 'pregunta' | 'respuesta'>> {
  const others = notebook.filter((n) => n.id !== note.id && weekOf(n) === semana && !deck.some((c) => c.id_nota === n.id));
  return others.flatMap((n) => keyIdeasOfNote(n, notebook, isWord, n.tema).filter((i) => STATED.has(i.kind)).flatMap((i) => cardOfIdea(i) ?? []));
}

/** A card's question without its context cue («(Cue) ¿…?», «Completa la frase (Cue): «…»»). */
export function withoutCue<T extends Pick<NewCard, 'pregunta'>>(card: T): T {
  const pregunta = card.pregunta.replace(/^\([^()]*\)\s+/u, '').replace(new RegExp(`^${CLOZE_PROMPT} \\([^()]*\\):`, 'u'), `${CLOZE_PROMPT}:`);
  return { ...card, pregunta };
}

/** The cards `note` would get in an empty deck (cardsForNote without a deck). */
export function buildCards(note: Note, notebook: readonly Note[], weekOf: WeekOfNote = ownWeek, opts: CardOptions = {}): NewCard[] {
  return cardsForNote(note, notebook, [], weekOf, opts).cards;
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
  | { kind: 'frase_mal_leida' }
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

/** A blank that is a verb form, a function word or a number is never a term. */
function blankNotTerm(answer: string): boolean {
  const ws = fold(answer).split(/\s+/);
  if (/^\d+(?:[.,]\d+)?$/.test(answer.trim())) return true;
  const closed = (w: string) => DETERMINERS.has(w) || PREPOSITIONS.has(w) || QUANTIFIERS.has(w) || FUNCTION_WORDS.has(w) || VERBS.has(w);
  return closed(ws[0]!) || closed(ws.at(-1)!) || (ws.length === 1 && /(?:amos|emos|imos|aron|ieron|ando|iendo)$/u.test(ws[0]!));
}

const wordsOf = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * A model's proposed cards for `note`, checked with the same rules as cardsForNote (pure): each
 * answer is written in the note and is (or holds, or is part of) one of its key terms, in at most
 * MAX_ANSWER_WORDS words, or is most of what the note says of one of its key ideas (a definition,
 * a statement); a cloze is a sentence of the note read well, with a key term (never a verb, a
 * function word or a number) as its one gap, at most one per sentence; the week rules hold against `week` (the week's cards in the deck and those
 * still waiting for the student) and between the proposed cards; and the note has at most
 * CARDS_PER_NOTE cards counting the `has` it already has. Returns the cards as the deck keeps them
 * and every problem by the card's position (0-based).
 */
export function checkProposedCards(
  note: Note, notebook: readonly Note[], proposed: readonly ProposedCardInput[], week: readonly QA[], has: number, weekOf: WeekOfNote = ownWeek, isWord: WordCheck = () => true,
): { cards: NewCard[]; problems: Array<{ i: number; problem: CardProblem }> } {
  const index = buildIndex(notebook.map((n) => n.texto));
  const row = index.rows[notebook.findIndex((n) => n.id === note.id)] ?? buildIndex([note.texto]).rows[0]!;
  const terms = keyTerms(note.texto, (w) => row.get(w) ?? 0).map((t) => fold(t.text));
  // What the note says of its key ideas (a definition, a statement, a formula): a longer answer may be one of these.
  const bodies = keyIdeasOfNote(note, notebook, isWord, note.tema).map((idea) => fold(idea.body));
  const language = languageOf(note.texto);
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
    const isTerm = wordsOf(respuesta).length <= MAX_ANSWER_WORDS && terms.some((t) => t === a || a.includes(t) || t.includes(a));
    const isIdea = wordsOf(respuesta).length >= 3 && bodies.some((b) => b.includes(a) && a.length * 2 >= b.length);
    if (!isTerm && !isIdea) return fail({ kind: 'no_es_termino' });
    let pregunta = p.pregunta.trim();
    let tipo: NewCard['tipo'] = 'definicion';
    if (p.tipo === 'cloze') {
      const framed = clozeFrame(pregunta);
      if (!framed) return fail({ kind: 'hueco' });
      const filled = fold(framed.slice(`${CLOZE_PROMPT}: «`.length, -1).replace(BLANK, respuesta));
      const at = text.indexOf(filled);
      if (at === -1) return fail({ kind: 'frase_ajena' });
      const { start, end } = sentenceAround(note.texto, at + filled.indexOf(a));
      if (clozeAt.has(start)) return fail({ kind: 'misma_frase' });
      // The blank is a term (never a verb, a function word or a number) in a sentence read well.
      if (!isTerm || blankNotTerm(respuesta)) return fail({ kind: 'no_es_termino' });
      if (readProblem(note.texto.slice(start, end), language, isWord)) return fail({ kind: 'frase_mal_leida' });
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
