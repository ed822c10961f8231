/**
 * Whether a weak idea — a key term or a work asked as a cloze, which no sentence defines or states —
 * is about its section's subject (docs/design.md §3: each card tests one key idea of the week). A
 * lecture's sections say what they are about in their heading (a word of its family in the sentence); a term the week comes back to, or
 * the teacher bolds, is the week's; a sentence central to its section (TextRank over the section's
 * sentences) carries the section. A cloze on a detail of a sentence that is none of these (a place
 * an example passes through, a work named once in passing) tests no key idea, and is not made. Pure.
 */
import type { Note } from '../notebook.js';
import { STOP_WORDS } from '../../lib/tokens.js';
import { fold } from '../../lib/fold.js';
import type { KeyIdea } from './key-ideas.js';
import { cleanHeading, timesWritten } from './course-names.js';
import { plainSentence, sentencesOf, stem } from './reading.js';
import { textRank } from './textrank.js';

/** A section of at least this many sentences has a centre worth ranking; a shorter one is all centre. */
const RANKED_FROM = 3;
/** The share of a section's sentences, by TextRank, that carry it. */
const CENTRAL_SHARE = 1 / 3;

/** A word's family, loosely: its stem's first letters without accents («romántico», «romanticismo» → «roman»). */
const ROOT_LETTERS = 5;
const roots = (s: string) => new Set((s.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w))
  .map((w) => fold(stem(w)).slice(0, ROOT_LETTERS)));

/** The kinds of idea this check applies to: a cloze on a term or a work, not asked by what the note states of it. */
export function weakIdea(idea: KeyIdea): boolean {
  return idea.kind === 'termino' && !idea.item;
}

/** Whether `idea`, of `note`, is about its section's subject, given the notes of its `week`. */
export function aboutItsSection(idea: KeyIdea, note: Note, week: readonly Note[]): boolean {
  const sentence = roots(idea.sentence);
  if ([...roots(cleanHeading(note.tema ?? ''))].some((w) => sentence.has(w))) return true;
  if (note.texto.includes(`**${idea.term}**`) || timesWritten(idea.term, week) >= 2) return true;
  const sentences = sentencesOf(note.texto);
  if (sentences.length < RANKED_FROM) return true;
  const ranks = textRank(sentences.map((s) => plainSentence(s.text)));
  const own = sentences.findIndex((s) => s.at === idea.at);
  if (own < 0) return false;
  const above = ranks.filter((r) => r > ranks[own]!).length;
  return above < Math.ceil(sentences.length * CENTRAL_SHARE);
}
