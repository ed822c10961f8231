/**
 * Stage 1 of the cover: a deterministic prompt from the week's topic and the key terms of its notes
 * (offline, no model). The same notes always give the same prompt, so the provenance can be checked.
 */
import type { Note } from '../notebook.js';
import type { CoverLook } from './engines.js';
import { COVER_PROMPT } from '../../strings/model.js';

/** docs/design.md §2 stop words, so key terms are content words. */
const STOP_WORDS = new Set(
  'a al antes cada con cómo cuando de del dos el en es esa la las lo los más no para por que se sobre sus un una y luego puede mismo pero sin'.split(' '),
);

const MOTIFS = COVER_PROMPT.motifs;
const PALETTES = COVER_PROMPT.palettes;

/**
 * Up to `n` key terms of the notes: content words of ≥ 5 letters ranked by frequency, ties by first
 * appearance (deterministic).
 */
export function keyTerms(notes: readonly Note[], n = 5): string[] {
  const count = new Map<string, { c: number; first: number }>();
  let pos = 0;
  for (const note of notes) {
    for (const w of note.texto.toLowerCase().match(/[a-záéíóúüñ]+/g) ?? []) {
      pos++;
      if (w.length < 5 || STOP_WORDS.has(w)) continue;
      const e = count.get(w);
      if (e) e.c++;
      else count.set(w, { c: 1, first: pos });
    }
  }
  return [...count.entries()]
    .sort((a, b) => b[1].c - a[1].c || a[1].first - b[1].first)
    .slice(0, n)
    .map(([w]) => w);
}

export interface CoverPrompt {
  text: string;
  terms: string[];
}

/** What the prompt needs of the week: its number, its topic as a sentence reads it, its look and its course terms. */
export interface CoverWeek {
  week: number;
  topic: string;
  look: CoverLook;
  /** The week's key terms in the course: what the prompt names while the week has no notes yet. */
  terms?: readonly string[];
}

/**
 * The prompt for a week's cover from the week's own notes — or, while it has none yet (a course just
 * pasted), from its title and course terms: a cover needs no notes, only a subject.
 */
export function buildCoverPrompt(w: CoverWeek, mine: readonly Note[]): CoverPrompt {
  const terms = mine.length > 0 ? keyTerms(mine) : [...(w.terms ?? [])].slice(0, 5);
  const text = COVER_PROMPT.text(w.topic, terms, MOTIFS[w.look.motif] ?? MOTIFS[MOTIFS.length - 1]!, PALETTES[w.look.palette] ?? PALETTES[0]!);
  return { text, terms };
}
