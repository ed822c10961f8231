/**
 * «Lee de nuevo el tema 5», «vuelve a leer Tema5.pdf» (pure slot rule, read before the classifier):
 * a document the student sent earlier, to be read again by today's reader. The slot is the
 * document in the student's own words (lower case, accents kept), matched against the material's
 * names by the bot (domain/material/which-document.ts); empty when the sentence names none.
 */
import type { Words } from './text.js';

/** The verb of reading again, in the folded words: «lee de nuevo», «vuelve a leer», «relee», «léelo otra vez». */
const AGAIN = /\b(?:(?:lee|leeme|leer|lees|leas|leelo|leela|leelos|leelas|leerlo|leerla|leermelo|leemelo|leemela)\s+(?:de nuevo|otra vez|nuevamente)|(?:vuelve|vuelva|volver|vuelvas|vuelves|volverias|vuelvo)\s+a\s+(?:leer|leerme|leerlo|leerla|leerlos|leermelo|pasar por el lector)|relee|releer|releeme|releelo|releela|relees|releerlo|releerla)\b/;
/** «Lee el tema 5 otra vez»: the document between the verb and the «again». */
const AROUND = /\b(?:lee|leeme|leer|lees|leas)\s+(.+?)\s+(?:de nuevo|otra vez|nuevamente)\b/;
/** Words around the document that are not its name. */
const LEAD = /^(?:(?:por favor|porfa|please|me|de|del|el|la|los|las|lo|mi|mis|tu|tus|un|una|ese|esa|este|esta|archivo|documento|fichero|pdf)\s+)+/;
const TAIL = /(?:\s+(?:por favor|porfa|please|de nuevo|otra vez|nuevamente|que se leyo mal|que salio mal|que esta mal|esta mal|con el lector nuevo|ahora|ya))+$/;

export interface RereadSlots {
  intent: 'releer';
  /** The document in the student's words («tema 5», «tema5 pdf»); '' when none is named. */
  documento: string;
}

/** The re-read a message asks for, or undefined when it asks for none. */
export function rereadAsked(w: Words): RereadSlots | undefined {
  const t = w.t;
  const around = AROUND.exec(t);
  const again = around ? undefined : AGAIN.exec(t);
  if (!around && !again) return undefined;
  // The slot from the student's own words (raw), at the positions the folded words matched.
  const from = around ? wordIndex(t, around.index + around[0].indexOf(around[1]!)) : wordIndex(t, again!.index + again![0].length);
  const to = around ? from + around[1]!.split(' ').length : w.raw.length;
  const folded = ` ${w.norm.slice(from, to).join(' ')}`.replace(TAIL, '').trim().replace(LEAD, '').trim();
  if (!folded) return { intent: 'releer', documento: '' };
  // The same words, unfolded: where the folded ones start and end among the raw ones.
  const all = w.norm.slice(from, to);
  const first = all.join(' ').indexOf(folded);
  const start = from + (first <= 0 ? 0 : all.join(' ').slice(0, first).trim().split(' ').length);
  return { intent: 'releer', documento: w.raw.slice(start, start + folded.split(' ').length).join(' ') };
}

/** How many words of `t` (words joined by single spaces) lie before character `at`, a word boundary. */
function wordIndex(t: string, at: number): number {
  const before = t.slice(0, at).trim();
  return before ? before.split(' ').length : 0;
}
