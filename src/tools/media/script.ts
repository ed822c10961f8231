/**
 * The podcast script of a week (stage `guion`): 60–150 Spanish words written from the week's notes,
 * opening with the AI-voice disclosure (SPEC §3). Deterministic and offline. The notes' text is
 * quoted as content, never followed as instructions.
 */
import { CuadernoError } from '../../errors.js';
import type { Note } from '../domain.js';
import { MSG } from './messages.js';

export const MIN_WORDS = 60;
export const MAX_WORDS = 150;

const CONNECTORS = ['Primera idea:', 'Segunda idea:', 'Tercera idea:', 'Cuarta idea:', 'Quinta idea:'];
// The student hears these: tú, like every word the product says (CONVENTIONS §16).
export const CLOSING = 'Repasa estas ideas con tus tarjetas y vuelve a escucharlo antes del examen.';
export const PADDING = 'Tómate un momento para explicarlas con tus propias palabras: es la mejor forma de fijarlas.';

export interface NarrationScript {
  text: string;
  words: number;
}

function countWords(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** Builds the script from the week's own notes (`topic`: its title as a sentence reads it); throws NOT_FOUND when it has none. */
export function buildNarrationScript(week: number, topic: string, mine: readonly Note[]): NarrationScript {
  if (mine.length === 0) throw new CuadernoError('NOT_FOUND', MSG.noNotes(week), { field: 'semana' });
  const intro = `${MSG.disclosure} Este es el resumen de la semana ${week}, dedicada a ${topic}.`;
  const parts = [intro];
  let words = countWords(intro) + countWords(CLOSING);
  mine.forEach((note, i) => {
    const sentence = `${CONNECTORS[i] ?? 'Otra idea:'} ${note.texto.trim().replace(/([^.!?])$/, '$1.')}`;
    const w = countWords(sentence);
    if (words + w <= MAX_WORDS) {
      parts.push(sentence);
      words += w;
    }
  });
  if (words < MIN_WORDS) {
    parts.push(PADDING);
    words += countWords(PADDING);
  }
  parts.push(CLOSING);
  const text = parts.join(' ');
  return { text, words: countWords(text) };
}
