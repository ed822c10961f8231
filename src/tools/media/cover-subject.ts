/**
 * Which subject a week's cover may show a symbol of (pure): the procedural cover draws a bell curve
 * only for a statistics week, code only for a programming week, and so on — never another subject's
 * symbol. The subject is read from the week's own words: its title (weighs most), its key terms and
 * its notes. A week none of the known subjects clearly wins (history, biology, law…) gets the
 * neutral motif, an open notebook, which belongs to every subject.
 */

/** Motif indices (maqueta.ts draws them in this order; cover-prompt.ts words them in the same order). */
export const MOTIF = Object.freeze({ statistics: 0, code: 1, art: 2, music: 3, notebook: 4 });
/** How many motifs there are. */
export const MOTIF_COUNT = 5;

/**
 * The words that name each subject, folded (lower case, no accents). Only words that mean the
 * subject wherever they appear: «media» (Edad Media), «barroco» (art and music), «variable»,
 * «función», «ópera» (opera = operates) or «compás» are left out on purpose.
 */
const SUBJECT_WORDS: ReadonlyArray<readonly [number, RegExp]> = [
  [MOTIF.statistics, /\b(estadistic[a-z]*|probabilidad(es)?|probabilistic[a-z]*|varianza|desviacion (tipica|estandar)|regresion(es)?|histogramas?|distribucion normal|correlacion(es)?|muestreo|percentiles?|cuartiles?|bayes[a-z]*|campana de gauss|intervalos? de confianza|contraste de hipotesis|statistics?|probability)\b/g],
  [MOTIF.code, /\b(python|programacion|programar|programas? informaticos?|codigo fuente|algoritmos?|software|javascript|java|pandas|bucles?|compiladores?|informatica|sql|programming|code)\b/g],
  [MOTIF.art, /\b(arte|artes|artistic[a-z]*|pintura[s]?|pintor(es|a|as)?|renacimiento|impresionis[a-z]*|cubis[a-z]*|escultura[s]?|escultor(es)?|arquitectura|museos?|gotico|romanico|vanguardias?|painting|art)\b/g],
  [MOTIF.music, /\b(musica[s]?|musical(es)?|musico[s]?|acordes?|armonia[s]?|melodia[s]?|ritmos?|partituras?|pentagramas?|guitarras?|piano|solfeo|sinfonia[s]?|escalas? mayor(es)?|escalas? menor(es)?|music)\b/g],
];

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

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Distinct subject words of `text` for each subject. */
function hits(text: string): number[] {
  const t = fold(text);
  return SUBJECT_WORDS.map(([, re]) => new Set(t.match(re) ?? []).size);
}

/**
 * The motif a week's cover may draw: the subject its words clearly name (the best score, at least
 * MIN_SCORE and ahead of every other subject), else the neutral notebook.
 */
export function coverMotif(week: WeekWords): number {
  const score = SUBJECT_WORDS.map(() => 0);
  const add = (text: string, weight: number) => hits(text).forEach((n, i) => { score[i]! += n * weight; });
  add(week.title, WEIGHT.title);
  for (const t of week.terms ?? []) add(t, WEIGHT.terms);
  for (const n of week.notes ?? []) add(n, WEIGHT.notes);
  const best = Math.max(...score);
  const winners = score.filter((s) => s === best).length;
  if (best < MIN_SCORE || winners > 1) return MOTIF.notebook;
  return SUBJECT_WORDS[score.indexOf(best)]![0];
}
