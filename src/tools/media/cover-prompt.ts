/**
 * Stage 1 of the cover: a deterministic prompt from the week's topic and the key terms of its notes
 * (offline, no model). The same notes always give the same prompt, so the provenance can be checked.
 */
import { CuadernoError } from '../../errors.js';
import { type Note, type Week, WEEK_TOPICS, notesOfWeek } from '../domain.js';
import { MSG } from './messages.js';

/** SPEC §2 stop words, so key terms are content words. */
const STOP_WORDS = new Set(
  'a al antes cada con cómo cuando de del dos el en es esa la las lo los más no para por que se sobre sus un una y luego puede mismo pero sin'.split(' '),
);

/** Visual direction per topic; the procedural engine draws the same motif. */
const MOTIFS: Readonly<Record<Week, string>> = {
  1: 'curvas de campana, histogramas y nubes de puntos',
  2: 'bloques de código indentados y corchetes',
  3: 'líneas de fuga en perspectiva, claroscuro y pinceladas',
  4: 'ondas sonoras, pentagramas y ritmo',
};

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

/** The prompt for a week's cover; throws NOT_FOUND when the week has no notes. */
export function buildCoverPrompt(week: Week, notes: readonly Note[]): CoverPrompt {
  const mine = notesOfWeek(notes, week);
  if (mine.length === 0) throw new CuadernoError('NOT_FOUND', MSG.noNotes(week), { field: 'semana' });
  const terms = keyTerms(mine);
  const text =
    `Portada editorial de un cuaderno de estudio sobre ${WEEK_TOPICS[week]}: ${terms.join(', ')}. ` +
    `Composición abstracta con ${MOTIFS[week]}; paleta azul tinta, verde azulado, azafrán y coral; ` +
    'formas limpias, luz suave, espacio libre en el tercio inferior para el título, sin texto.';
  return { text, terms };
}
