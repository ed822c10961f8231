/**
 * What an everyday message means, read from the owner's own words (pure, no I/O). Spanish and
 * English, tú and usted, typos (one edit in a keyword, two in a long one), missing accents,
 * numbers in words and commands written without the slash. The bot answers the chatty intents
 * itself (no run, no tokens); the offline planner plans the rest (intent.ts).
 */
import levenshtein from 'damerau-levenshtein';
import type { Week } from '../tools/domain.js';
import { hasWeek, weekOfDate, weekTopic, type Course } from '../tools/course/course.js';

export type Item = 'portada' | 'narracion';
export type Voice = 'mia' | 'sintetica';
export type CommandName = 'ayuda' | 'estado' | 'gasto' | 'cancelar' | 'notas' | 'start';
/** What an ambiguous request already says, so the question back offers the right buttons. */
export type Wanted = 'preparar' | Item | 'tarjetas' | 'buscar';

export type Understood =
  | { intent: 'saludo' }
  | { intent: 'gracias' }
  | { intent: 'charla' }
  | { intent: 'buscar'; consulta: string }
  | { intent: 'preparar'; semana: Week; voz: Voice; redo: boolean }
  | { intent: 'rehacer'; que: Item; semana: Week; voz: Voice; redo: boolean }
  | { intent: 'narrar'; semana: Week; voz: Voice }
  | { intent: 'tarjetas'; nota: string | number }
  | { intent: 'orden'; nombre: CommandName }
  | { intent: 'ambiguo'; quiere?: Wanted; semanaInexistente?: number };

/** Lower case without accents, so "narración" and "narracion" read the same. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  uno: 1, una: 1, primera: 1, primer: 1, one: 1, first: 1,
  dos: 2, segunda: 2, two: 2, second: 2,
  tres: 3, tercera: 3, three: 3, third: 3,
  cuatro: 4, cuarta: 4, four: 4, fourth: 4,
  cinco: 5, quinta: 5, five: 5, fifth: 5, seis: 6, six: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
};

/**
 * Words a typo is corrected towards (folded). Only these ever change, and only words of five
 * letters or more, so a note's subject ("media", "pandas") is never rewritten into a keyword.
 */
const LEXICON: ReadonlySet<string> = new Set([
  ...Object.keys(NUMBER_WORDS),
  'hola', 'holi', 'buenas', 'buenos', 'dias', 'tardes', 'noches', 'saludos', 'gracias', 'agradezco', 'perfecto', 'genial',
  'prepara', 'prepare', 'preparar', 'preparame', 'prepareme', 'organiza', 'organice', 'organizar', 'semana', 'semanas',
  'portada', 'caratula', 'narra', 'narre', 'narrar', 'narracion', 'podcast', 'audio', 'episodio',
  'tarjeta', 'tarjetas', 'fichas', 'busca', 'buscar', 'busque', 'buscame', 'encuentra', 'notas', 'nota',
  'ayuda', 'estado', 'gasto', 'gastado', 'cancelar', 'cancela', 'rehaz', 'rehaga', 'rehacer', 'repite', 'vuelve', 'nuevo',
  'sobre', 'acerca', 'tengo', 'numero', 'favor', 'porfa', 'motor', 'juguete', 'genera', 'genere', 'repaso',
  'hello', 'morning', 'evening', 'thanks', 'thank', 'prepare', 'ready', 'cover', 'narrate', 'cards', 'flashcards',
  'search', 'notes', 'about', 'status', 'cancel', 'again', 'please', 'voice', 'start',
]);

/** The nearest keyword within one edit (two for words of eight letters or more); the word itself otherwise. */
function correct(word: string): string {
  if (word.length < 5 || LEXICON.has(word) || /\d/.test(word)) return word;
  const limit = word.length >= 8 ? 2 : 1;
  let best = word;
  let bestSteps = limit + 1;
  for (const k of LEXICON) {
    if (Math.abs(k.length - word.length) > limit) continue;
    const { steps } = levenshtein(word, k);
    if (steps < bestSteps) {
      best = k;
      bestSteps = steps;
    }
  }
  return best;
}

interface Words {
  /** The owner's words, lower case, accents kept (what a search or a subject is made of). */
  raw: string[];
  /** The same words folded and with typos in keywords corrected (what the rules read). */
  norm: string[];
  /** `norm` joined by single spaces. */
  t: string;
}

function words(text: string): Words {
  const raw = text.toLowerCase().normalize('NFC').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const norm = raw.map((w) => correct(fold(w)));
  return { raw, norm, t: norm.join(' ') };
}

const has = (t: string, re: RegExp) => re.test(t);

const COMMANDS: ReadonlyArray<readonly [RegExp, CommandName]> = [
  [/^(ayuda|help|socorro)$/, 'ayuda'],
  [/^(estado|status|que estas haciendo|que hay en marcha)$/, 'estado'],
  [/^(gasto|cuanto (llevo |he )?(gastado|gasto)|cuanto he gastado este mes|spend|spending)$/, 'gasto'],
  [/^(cancelar|cancela|cancel|para|detente|stop)$/, 'cancelar'],
  [/^((mis |las |ver )?notas|my notes|lista de notas)$/, 'notas'],
  [/^(start|empezar|inicio)$/, 'start'],
];

const GREETING = /\b(hola+|holi|buenas|buenos dias|hey|saludos|hello|hi|good (morning|afternoon|evening)|que tal)\b/;
const THANKS = /\b(gracias|thanks|thank you|thx|agradezco|agradecid[oa]|cheers)\b/;
const SMALL_TALK = /^(como estas|como te va|que tal estas|quien eres|ja(ja)+|je(je)+|ja|vale|ok|okay|de acuerdo|bien|muy bien|eres (un |una )?(robot|bot|humano|ia|persona)|how are you|who are you|que haces|que sabes hacer|what can you do)$/;

const CARDS = /\b(tarjetas?|fichas?|flashcards?|cards?)\b/;
const COVER = /\b(portada|caratula|cover)\b/;
const NARRATION = /\b(narr\w*|podcast|audio|episodio)\b/;
const PREPARE = /\b(prepar\w*|organi[cz]\w*|ready|planifica\w*)\b/;
const REDO = /\b(rehaz\w*|rehag\w*|rehacer|repite|repetir|otra vez|de nuevo|vuelv\w* a|nueva version|redo|again)\b/;
const SEARCH = /\b(busca\w*|busque\w*|encuentra\w*|search|find|look for|que (notas )?tengo|(tengo|hay) (algo|notas)|que sabes (de|sobre)|what do i have|do i have)\b/;
const MY_VOICE = /\b(mi (propia )?voz|my (own )?voice|xtts)\b/;

/** The week named in the words: "semana 3", "semana tres", "tercera semana", "week three", "the first week". */
function weekOf(t: string): number | undefined {
  const m = /\b(?:semana|week)\s+(?:numero\s+|n\s+|number\s+)?(\d+|[a-z]+)\b/.exec(t);
  const n = m?.[1] ? (/^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1]]) : undefined;
  if (n !== undefined) return n;
  const before = /\b([a-z]+)\s+(?:semana|week)\b/.exec(t);
  return before?.[1] ? NUMBER_WORDS[before[1]] : undefined;
}

/** "la nota 8", "note 5": a note named by its number. */
function noteNumber(t: string): number | undefined {
  const m = /\b(?:nota|note)\s+(?:numero\s+|n\s+|number\s+)?(\d+)\b/.exec(t);
  return m?.[1] ? Number(m[1]) : undefined;
}

const LEADING_FILLER = new Set(['el', 'la', 'los', 'las', 'lo', 'del', 'de', 'al', 'un', 'una', 'the', 'a', 'an', 'my', 'mis', 'mi', 'notas', 'nota', 'notes', 'algo', 'que', 'tengo', 'i', 'have', 'some', 'for']);
const TRAILING_FILLER = /(\s+(por favor|porfa|please|pls))+$/;

/** The words after the first marker found (in priority order), without leading filler; undefined if empty. */
function subjectAfter(w: Words, markers: readonly string[]): string | undefined {
  for (const marker of markers) {
    const parts = marker.split(' ');
    for (let i = 0; i + parts.length <= w.norm.length; i++) {
      if (parts.every((p, j) => w.norm[i + j] === p)) return cleanSubject(w, i + parts.length);
    }
  }
  return undefined;
}

function cleanSubject(w: Words, from: number): string | undefined {
  let i = from;
  while (i < w.norm.length && LEADING_FILLER.has(w.norm[i]!)) i++;
  const s = w.raw.slice(i).join(' ').replace(TRAILING_FILLER, '').trim();
  return s.length > 0 ? s : undefined;
}

const SUBJECT_MARKERS = ['se parezca a', 'se parezca al', 'se parece a', 'parecida a', 'parecido a', 'sobre', 'acerca de', 'about', 'on', 'relacionado con', 'relacionada con', 'que hable de'];

/** What to search for: after "sobre/about/on", else after the search words themselves. */
function searchSubject(w: Words): string | undefined {
  const marked = subjectAfter(w, SUBJECT_MARKERS);
  if (marked) return marked;
  const m = SEARCH.exec(w.t);
  if (!m) return undefined;
  const end = w.t.slice(0, m.index + m[0].length).split(' ').length;
  return cleanSubject(w, end);
}

/** The note for cards: its number, else its subject, else the topic of a named week. */
function cardsSubject(w: Words, week: number | undefined, course: Course): string | number | undefined {
  const id = noteNumber(w.t);
  if (id !== undefined) return id;
  const subject = subjectAfter(w, SUBJECT_MARKERS);
  if (subject) return subject;
  if (hasWeek(course, week)) return weekTopic(course, week);
  const after = CARDS.exec(w.t);
  if (!after) return undefined;
  const end = w.t.slice(0, after.index + after[0].length).split(' ').length;
  // "tarjetas de mitosis": the words after the cards themselves, unless they only say "de repaso".
  const rest = cleanSubject(w, end);
  return rest && !/^(de )?repaso$/.test(fold(rest)) && !/^(for|para|de|of)$/.test(rest) ? rest : undefined;
}

/**
 * Reads one message against the owner's course (which weeks exist; «esta semana» is the week whose
 * dates contain `now`, in time zone `tz`). Never throws; anything it cannot place is `ambiguo`.
 */
export function understand(text: string, course: Course, now: Date = new Date(), tz?: string): Understood {
  const w = words(text);
  const t = w.t;
  if (!t) return { intent: 'ambiguo' };
  for (const [re, nombre] of COMMANDS) if (re.test(t)) return { intent: 'orden', nombre };

  const week = weekOf(t) ?? (/\b(esta semana|this week)\b/.test(t) ? weekOfDate(course, now, tz) : undefined);
  const cards = has(t, CARDS);
  const cover = has(t, COVER);
  const narration = has(t, NARRATION);
  const prepare = has(t, PREPARE);
  const search = has(t, SEARCH);
  const redo = has(t, REDO);
  const voz: Voice = has(t, MY_VOICE) && !/juguete/.test(t) ? 'mia' : 'sintetica';

  if (!(cards || cover || narration || prepare || search || week !== undefined || /\b(semana|week)\b/.test(t))) {
    if (has(t, THANKS)) return { intent: 'gracias' };
    if (has(t, GREETING)) return { intent: 'saludo' };
    if (SMALL_TALK.test(t)) return { intent: 'charla' };
    return { intent: 'ambiguo' };
  }

  if (search && !cards) {
    const consulta = searchSubject(w);
    return consulta ? { intent: 'buscar', consulta } : { intent: 'ambiguo', quiere: 'buscar' };
  }
  if (cards && !prepare) {
    const nota = cardsSubject(w, week, course);
    return nota !== undefined ? { intent: 'tarjetas', nota } : { intent: 'ambiguo', quiere: 'tarjetas' };
  }

  const item: Item | undefined = cover ? 'portada' : narration ? 'narracion' : undefined;
  const quiere: Wanted = item && !prepare ? item : 'preparar';
  if (week === undefined) return { intent: 'ambiguo', quiere };
  if (!hasWeek(course, week)) return { intent: 'ambiguo', quiere, semanaInexistente: week };
  const semana = week as Week;
  if (item && !prepare) {
    if (item === 'narracion' && !redo) return { intent: 'narrar', semana, voz };
    return { intent: 'rehacer', que: item, semana, voz, redo };
  }
  return { intent: 'preparar', semana, voz, redo };
}

/** SPEC §6: a deliberate redo ("rehaga la portada", "otra vez", "de nuevo") asks for a new version. */
export function asksForRedo(text: string): boolean {
  return REDO.test(words(text).t);
}
