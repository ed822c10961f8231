/**
 * Stage 1 of the cover: a deterministic prompt from the week's topic and the key terms of its notes
 * (offline, no model). The same notes always give the same prompt, so the provenance can be checked.
 */
import type { Note } from '../notebook.js';
import type { CoverLook } from './engines.js';

/** docs/design.md §2 stop words, so key terms are content words. */
const STOP_WORDS = new Set(
  'a al antes cada con cómo cuando de del dos el en es esa la las lo los más no para por que se sobre sus un una y luego puede mismo pero sin'.split(' '),
);

/** Visual direction per motif of the look (maqueta.ts draws the same motif, in cover-subject.ts MOTIF's order). */
const MOTIFS: readonly string[] = [
  'curvas de campana, histogramas y nubes de puntos',
  'bloques de código indentados y corchetes',
  'líneas de fuga en perspectiva, claroscuro y pinceladas',
  'ondas sonoras, pentagramas y ritmo',
  'un cuaderno abierto con páginas pautadas y una cinta de marcapáginas',
];

/** The palette in words, per palette of the look (maqueta.ts MAQUETA_PALETTES, same order). */
const PALETTES: readonly string[] = [
  'azul tinta, verde azulado, azafrán y coral',
  'índigo, turquesa, lima y ámbar',
  'violeta, azul cielo, menta y oro',
  'berenjena, lavanda, verde agua y melocotón',
  'granate, magenta, rosa y arena',
  'verde bosque, oliva, terracota y crema',
];

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
  const text =
    `Portada editorial de un cuaderno de estudio sobre ${w.topic}${terms.length > 0 ? `: ${terms.join(', ')}` : ''}. ` +
    `Composición abstracta con ${MOTIFS[w.look.motif] ?? MOTIFS[MOTIFS.length - 1]}; paleta ${PALETTES[w.look.palette] ?? PALETTES[0]}; ` +
    'formas limpias, luz suave, espacio libre en el tercio inferior para el título, sin texto.';
  return { text, terms };
}
