/**
 * Which subject a week's cover may show a symbol of (pure): the procedural cover draws a bell curve
 * only for a statistics week, code only for a programming week, and so on — never another subject's
 * symbol. The subject is read from the week's own words: its title (weighs most), its key terms and
 * its notes. A week none of the known subjects clearly wins (history, biology, law…) gets the
 * neutral motif, an open notebook, which belongs to every subject.
 */

import { readFileSync } from 'node:fs';
import { fold } from '../../lib/fold.js';

/** Motif indices (maqueta.ts draws them in this order; cover-prompt.ts words them in the same order). */
export const MOTIF = Object.freeze({ statistics: 0, code: 1, art: 2, music: 3, notebook: 4 });
/** How many motifs there are. */
export const MOTIF_COUNT = 5;

/**
 * The words that name each subject: data, not code (docs/design.md §38) — `assets/materias-portada.json`,
 * folded (lower case, no accents), each an alternative of a whole-word pattern. Only words that mean
 * the subject wherever they appear («media», «barroco», «ópera»… are left out on purpose; the file
 * says why). Read once, when the first cover asks.
 */
const SUBJECTS_FILE = new URL('../../../assets/materias-portada.json', import.meta.url);
let subjectWords: ReadonlyArray<readonly [number, RegExp]> | undefined;

function theSubjectWords(): ReadonlyArray<readonly [number, RegExp]> {
  if (subjectWords) return subjectWords;
  const data = JSON.parse(readFileSync(SUBJECTS_FILE, 'utf8')) as { materias: Array<{ motivo: keyof typeof MOTIF; palabras: string[] }> };
  subjectWords = data.materias.map((m) => {
    const motif = MOTIF[m.motivo];
    if (motif === undefined || motif === MOTIF.notebook) throw new Error(`${SUBJECTS_FILE.pathname}: unknown subject motif «${String(m.motivo)}»`);
    return [motif, new RegExp(`\\b(${m.palabras.join('|')})\\b`, 'g')] as const;
  });
  return subjectWords;
}

/** How much a word counts by where it is: the title says what the week is; a note may digress. */
const WEIGHT = Object.freeze({ title: 3, terms: 2, notes: 1 });
/** The least score a subject needs: one word in a note alone is a digression, not the week's subject. */
const MIN_SCORE = 2;

/** What a week says about itself. */
export interface WeekWords {
  title: string;
  terms?: readonly string[];
  /** The week's notes (topic and text): each distinct subject word counts once per note. */
  notes?: readonly string[];
}


/** Distinct subject words of `text` for each subject. */
function hits(text: string): number[] {
  const t = fold(text);
  return theSubjectWords().map(([, re]) => new Set(t.match(re) ?? []).size);
}

/**
 * The motif a week's cover may draw: the subject its words clearly name (the best score, at least
 * MIN_SCORE and ahead of every other subject), else the neutral notebook.
 */
export function coverMotif(week: WeekWords): number {
  const score = theSubjectWords().map(() => 0);
  const add = (text: string, weight: number) => hits(text).forEach((n, i) => { score[i]! += n * weight; });
  add(week.title, WEIGHT.title);
  for (const t of week.terms ?? []) add(t, WEIGHT.terms);
  for (const n of week.notes ?? []) add(n, WEIGHT.notes);
  const best = Math.max(...score);
  const winners = score.filter((s) => s === best).length;
  if (best < MIN_SCORE || winners > 1) return MOTIF.notebook;
  return theSubjectWords()[score.indexOf(best)]![0];
}
