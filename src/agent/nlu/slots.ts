/**
 * Slot rules (pure): what a message says beyond its intent — the parts of a week left out or asked
 * for alone, a redo, the voice, a search topic, a note, a reminder's time and the change to a course.
 * The classifier decides what the message is about; these read the details from the folded words.
 */
import type { Words } from './text.js';

/** The three things a week is made of. */
export type Part = 'portada' | 'narracion' | 'tarjetas';

const PART_WORDS: ReadonlyArray<readonly [RegExp, Part]> = [
  [/^(portada|portadas|caratula|cover|imagen|dibujo|ilustracion|foto|image|picture)$/, 'portada'],
  [/^(narr\w*|audio|audios|podcast|episodio|voz|locucion|grabacion|audiolibro|narration|voice)$/, 'narracion'],
  [/^(tarjetas?|fichas?|flashcards?|cards?)$/, 'tarjetas'],
];
const partOf = (w: string): Part | undefined => PART_WORDS.find(([re]) => re.test(w))?.[1];

const EXCLUDE = /^(sin|without|menos|excepto|salvo|except|ni|tampoco|no)$/;
/** Words that keep an exclusion open: «sin audio ni portada», «sin la portada». */
const JOINERS = new Set(['el', 'la', 'los', 'las', 'the', 'ni', 'y', 'and', 'o', 'or', 'nor', 'any', 'un', 'una', 'quiero', 'hace', 'falta', 'hagas', 'need', 'want']);

/** The parts a message leaves out: «sin audio», «sin portada ni audio», «without the cover». Sorted. */
export function excluded(w: Words): Part[] {
  const out = new Set<Part>();
  let open = false;
  for (const word of w.norm) {
    if (EXCLUDE.test(word)) open = true;
    else if (open && partOf(word)) out.add(partOf(word)!);
    else if (!JOINERS.has(word)) open = false;
  }
  return [...out].sort();
}

const ONLY = /^(solo|solamente|unicamente|only|just)$/;
/** The one part asked for alone: «solo la portada», «nada más la narración», «just the cover». */
export function onlyPart(w: Words): Part | undefined {
  const n = w.norm;
  for (let i = 0; i < n.length; i++) {
    const only = ONLY.test(n[i]!) || (n[i] === 'nada' && n[i + 1] === 'mas');
    if (!only) continue;
    for (let j = i + 1; j < Math.min(n.length, i + 5); j++) {
      const p = partOf(n[j]!);
      if (p) return p;
    }
  }
  return undefined;
}

/** The parts a message names (cover words, narration words, cards words), in the order written. */
export function namedParts(w: Words): Part[] {
  const out: Part[] = [];
  for (const word of w.norm) {
    const p = partOf(word);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** A deliberate redo: «otra vez», «de nuevo», «rehaz», and a complaint about how something came out. */
export const REDO = new RegExp([
  '\\b(rehaz\\w*|rehag\\w*|rehacer|repite|repitela|repetir|otra vez|de nuevo|vuelv\\w* a|nueva version|otra version|redo|again|remake|regenera\\w*)\\b',
  '\\botra (portada|narracion|imagen|voz|grabacion)\\b',
  '\\bno me (convence|convencio|gusta|gusto|mola|encanta|encanto)\\b',
  '\\b(suena|sono|se oye|se escucha|queda|quedo|salio|esta|es|muy|looks|sounds|is)( muy| bastante| super| un poco)? (fatal|mal|horrible|feo|fea|raro|rara|robotica|robotico|cutre|bad|awful|terrible|ugly|weird)\\b',
  '\\b(horrible|fatal|cutre|fea|feo|espantosa|espantoso|i (do not|dont|don t) like|i hate)\\b',
].join('|'));
export const asksRedo = (t: string): boolean => REDO.test(t);

/** A change asked of something made or proposed: «cambia la portada», «una portada distinta», «otra». */
const ANOTHER = /\b(cambia\w*|cambiar|distint[oa]s?|diferentes?|nuev[oa]|otra)\b/;
/** Not wanting it at all: «hoy no quiero portada», «sin portada». */
const NONE_WANTED = /\b(no (la |lo )?(quiero|necesito|hace falta)|sin (portada|imagen|audio|narracion))\b/;
/** A reason for a no that asks for another one now (a redo or a change), not for none. */
export const asksAnother = (t: string): boolean => !NONE_WANTED.test(t) && (asksRedo(t) || ANOTHER.test(t));

const MY_VOICE = /\b(mi (propia )?voz|my (own )?voice|xtts)\b/;
/** The owner's own voice, unless the words name the synthetic one. */
export const ownVoice = (t: string): boolean => MY_VOICE.test(t) && !/juguete|sintetica|synthetic/.test(t);

/** «la nota 8», «note 5»: a note named by its number. */
export function noteNumber(t: string): number | undefined {
  const m = /\b(?:nota|note)\s+(?:numero\s+|n\s+|number\s+)?(\d+)\b/.exec(t);
  return m?.[1] ? Number(m[1]) : undefined;
}

const LEADING_FILLER = new Set([
  'el', 'la', 'los', 'las', 'lo', 'del', 'de', 'al', 'un', 'una', 'the', 'a', 'an', 'my', 'mis', 'mi', 'notas', 'nota',
  'notes', 'algo', 'que', 'tengo', 'i', 'have', 'some', 'for', 'apuntes', 'apuntado', 'apuntada', 'apunte', 'sobre', 'anything',
  'acerca', 'about', 'on', 'se', 'sabes', 'know', 'of', 'en', 'tema', 'topic', 'todo', 'all', 'any',
]);
const TRAILING_FILLER = /(\s+(por favor|porfa|porfi|please|pls|plis|xfa|gracias))+$/;
/** «… para el examen», «… para mañana»: what the study is for, not what it is about. */
const TRAILING_PURPOSE = /\s+(para|for)\s+(el |la |los |las |mi |mis |este |esta |the |my )?(examen|examenes|exámenes|parcial|final|prueba|control|clase|test|exam|mañana|manana|hoy|tomorrow|today|lunes|martes|miercoles|miércoles|jueves|viernes|sabado|sábado|domingo|finde|fin de semana)\b.*$/i;

/** The owner's words from index `from`, without leading filler and courtesy at the end; undefined if empty. */
export function subjectFrom(w: Words, from: number): string | undefined {
  let i = from;
  while (i < w.norm.length && LEADING_FILLER.has(w.norm[i]!)) i++;
  const s = w.raw.slice(i).join(' ').replace(TRAILING_FILLER, '').replace(TRAILING_PURPOSE, '').replace(TRAILING_FILLER, '').trim();
  return s.length > 0 ? s : undefined;
}

/** The words after the first marker found (in priority order). */
function subjectAfter(w: Words, markers: readonly string[]): string | undefined {
  for (const marker of markers) {
    const parts = marker.split(' ');
    for (let i = 0; i + parts.length <= w.norm.length; i++) {
      if (parts.every((p, j) => w.norm[i + j] === p)) return subjectFrom(w, i + parts.length);
    }
  }
  return undefined;
}

const SUBJECT_MARKERS = ['se parezca a', 'se parezca al', 'se parece a', 'parecida a', 'parecido a', 'sobre', 'acerca de', 'about', 'on', 'regarding', 'relacionado con', 'relacionada con', 'que hable de', 'que hablen de', 'que habla de'];
/** Words after which a search's topic starts when no «sobre» says so. */
const SEARCH_MARKERS = [
  'que se yo', 'que se', 'se algo', 'sabes algo', 'que sabes', 'que tengo', 'que hay', 'que apunte', 'tengo algo', 'tengo notas', 'tengo apuntes', 'hay algo',
  'hay notas', 'lo que tengo', 'buscame', 'busca', 'buscar', 'busque', 'busques', 'bsuca', 'buska', 'encuentrame', 'encuentra', 'encontrar',
  'muestrame', 'ensename', 'ponme al dia con', 'ponme al dia de', 'ponme al dia sobre', 'ponme al corriente de', 'ponme al corriente con',
  'necesito estudiar', 'tengo que estudiar', 'quiero estudiar', 'necesito aprender', 'tengo que aprender', 'quiero aprender', 'search for', 'search', 'look for', 'look up', 'find', 'know', 'have', 'notas', 'apuntes', 'notes',
];

/** What to search for: after «sobre/about», else after the words that ask, else the whole message. */
export function searchTopic(w: Words): string | undefined {
  return subjectAfter(w, SUBJECT_MARKERS) ?? subjectAfter(w, SEARCH_MARKERS);
}

/** The note for cards: its number, else its subject («sobre X», «tarjetas de X»). */
export function cardsNote(w: Words): string | number | undefined {
  const id = noteNumber(w.t);
  if (id !== undefined) return id;
  const subject = subjectAfter(w, SUBJECT_MARKERS);
  if (subject) return subject;
  const at = w.norm.findIndex((x) => partOf(x) === 'tarjetas');
  if (at < 0) return undefined;
  const rest = subjectFrom(w, at + 1);
  return rest && !/^(de )?repaso$/.test(rest) && !/^(for|para|de|of|please)$/.test(rest) && !/\b(semana|week)\b/.test(rest) ? rest : undefined;
}
