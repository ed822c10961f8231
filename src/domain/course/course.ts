/**
 * The student's course (docs/design.md §2, docs/design.md §38): weeks 1..N, each with a title (its topic), an
 * optional start date and key terms. Everything that speaks of weeks — tool schemas, the prompt, the
 * planner, covers, narrations, search, cards, the report — asks these pure helpers, never a constant.
 * The file (`curso.json`) is read and written by store/courseFile.ts; without it the demo course
 * (demo.ts) is the owner's.
 */
import { createHash } from 'node:crypto';
import { buildIndex, similarities } from '../tfidf.js';
import { fold } from '../../lib/fold.js';
import { COURSE_PROMPT, WEEK } from '../../strings/tool-descriptions.js';

/** Most weeks a course may have (two long semesters); the idempotency key accepts up to this. */
export const MAX_WEEKS = 60;
/** Longest week title, in characters: a guide's week is often a long sentence; covers and captions fit it by their own rules. */
export const MAX_WEEK_TITLE = 200;
/** Default time zone for "the week containing this date" (the product's users are in Spain). */
export const DEFAULT_TZ = 'Europe/Madrid';

export interface CourseWeek {
  numero: number;
  titulo: string;
  /** First day of the week, `YYYY-MM-DD`, or null when the syllabus gives no dates. */
  inicio: string | null;
  /** Key terms a student of the week would use (may be empty). */
  terminos: string[];
  /** A week without class (a holiday the guide numbers): kept in the numbering, never planned. */
  sin_clase?: true;
}

export interface Course {
  titulo: string;
  semanas: CourseWeek[];
}

/** The week numbers of the course, ascending. */
export function weekNumbers(course: Course): number[] {
  return course.semanas.map((w) => w.numero).sort((a, b) => a - b);
}

/** The weeks with class, ascending: the ones offered and planned (a week without class never is). */
export function classWeeks(course: Course): number[] {
  return course.semanas.filter((w) => !w.sin_clase).map((w) => w.numero).sort((a, b) => a - b);
}

export function findWeek(course: Course, week: number): CourseWeek | undefined {
  return course.semanas.find((w) => w.numero === week);
}

export function hasWeek(course: Course, week: number | undefined): week is number {
  return week !== undefined && findWeek(course, week) !== undefined;
}

/** The sentence naming the real range of weeks: «del 1 al 14» (or «la 1» for a one-week course). */
export function weekRange(course: Course): string {
  const ns = weekNumbers(course);
  if (ns.length === 0) return 'ninguna';
  if (ns.length === 1) return `la ${ns[0]}`;
  const contiguous = ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1);
  return contiguous ? `del ${ns[0]} al ${ns[ns.length - 1]}` : `${ns.slice(0, -1).join(', ')} o ${ns[ns.length - 1]}`;
}

/** «semanas del 1 al 14» — the range as a tool description or a usage line says it. */
export function rangeNote(course: Course): string {
  return course.semanas.length === 1 ? `semana ${weekRange(course)}` : `semanas ${weekRange(course)}`;
}

/** A week's title as a name: a closing full stop of the syllabus's line is no part of it («Arrhenius.»). */
const titleOf = (course: Course, week: number) => (findWeek(course, week)?.titulo ?? '').trim().replace(/(?<!\.)\.$/u, '');

/** The week's topic as a sentence reads it: its title in lower case when it is a plain noun phrase. */
export function weekTopic(course: Course, week: number): string {
  const t = titleOf(course, week) || `semana ${week}`;
  // "Biología celular" reads «dedicada a biología celular»; a title with capitals inside (ADN) stays.
  return /^[A-ZÁÉÍÓÚÑ][^A-ZÁÉÍÓÚÑ]*$/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t;
}

/** «Semana 3» — a week named by its number alone (a file whose title is not known). */
export function weekLabel(week: number): string {
  return `Semana ${week}`;
}

/** "Semana 12 · Mitosis" — the title drawn on the cover and used in captions. */
export function weekTitle(course: Course, week: number): string {
  const t = titleOf(course, week);
  return t ? `Semana ${week} · ${t.charAt(0).toUpperCase()}${t.slice(1)}` : `Semana ${week}`;
}

/** «1 membranas, 2 mitosis, …»: the weeks in words for a usage line (the first 12, then «…»). */
export function weekList(course: Course, max = 12): string {
  const all = weekNumbers(course).map((n) => `${n} ${weekTopic(course, n)}`);
  return all.length <= max ? all.join(', ') : `${all.slice(0, max).join(', ')}, …`;
}

/** The search a model would make for a week: its topic plus its key terms. */
export function weekQuery(course: Course, week: number): string {
  const w = findWeek(course, week);
  return [weekTopic(course, week), ...(w?.terminos ?? [])].join(' ');
}

/** The week whose title is `topic` (case and accents as written), if any: how legacy notes find theirs. */
export function weekByTopic(course: Course, topic: string): number | undefined {
  const t = topic.trim().toLowerCase();
  return course.semanas.find((w) => w.titulo.trim().toLowerCase() === t)?.numero;
}

/** A note as the course helpers need it; `semana` absent means "not decided yet" (older files). */
export interface WeekNote {
  id: number;
  tema: string;
  texto: string;
  semana?: number | null;
}

/** The week a note belongs to: its own `semana`, or (a note written before notes carried one) its topic's. */
export function weekOfNote(course: Course, note: WeekNote): number | null {
  if (note.semana !== undefined) return note.semana;
  return weekByTopic(course, note.tema) ?? null;
}

/** The notes a week studies, in note order. */
export function notesOfWeek<N extends WeekNote>(course: Course, notes: readonly N[], week: number): N[] {
  return notes.filter((n) => weekOfNote(course, n) === week);
}

/**
 * The week to suggest preparing («prepara la semana N»): `today` when it has notes, else the first
 * class week that has some; undefined when none has (what to do first is to send notes). With
 * `notes` unknown, every class week counts. A week without notes only leads to «no tienes notas».
 */
export function weekToSuggest(course: Course, notes: readonly WeekNote[] | undefined, today?: number): number | undefined {
  const withNotes = classWeeks(course).filter((w) => notes === undefined || notesOfWeek(course, notes, w).length > 0);
  return today !== undefined && withNotes.includes(today) ? today : withNotes[0];
}

/**
 * Ordinals and the words that number parts of a text (folded): «Primera parte», «Segunda lección»,
 * «Tema 3». In a page they name where it is, not what it is about, so they never match a week by
 * themselves — a heading «Primera parte» is not the week «La Primera Guerra Mundial».
 */
const NUMBERING_WORDS = /\b(?:primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|septim[oa]|setim[oa]|octav[oa]|noven[oa]|decim[oa]|undecim[oa]|duodecim[oa]|ultim[oa]|parte|partes|capitulo|leccion|unidad|tema|semana|bloque|modulo|apartado|seccion)\b/gi;

/** Below this cosine a note's text is not said to be about a week (one shared common word is not enough). */
export const WEEK_MATCH_THRESHOLD = 0.2;

/**
 * The week a new note is about by its content: TF-IDF of the note against each week's title and
 * terms, the best week when its similarity reaches `threshold`, else null (ties keep week order).
 * A week must match by what the words are about: its similarity without the numbering words
 * (NUMBERING_WORDS) must reach the threshold too, so «Primera parte» matches no week, while
 * «la Segunda Guerra Mundial» still prefers the second war's week over the first's.
 */
export function closestWeek(course: Course, text: string, threshold = WEEK_MATCH_THRESHOLD): number | null {
  if (course.semanas.length === 0) return null;
  // Accents folded on both sides: a student who types «biologia» means the week «Biología».
  const strip = (s: string) => s.replace(NUMBERING_WORDS, ' ');
  const docs = course.semanas.map((w) => fold([w.titulo, ...w.terminos].join(' ')));
  const scores = similarities(buildIndex(docs), fold(text));
  const content = similarities(buildIndex(docs.map(strip)), strip(fold(text)));
  let best = -1;
  scores.forEach((s, i) => {
    if (s >= threshold && content[i]! >= threshold && (best < 0 || s > scores[best]!)) best = i;
  });
  return best < 0 ? null : course.semanas[best]!.numero;
}

/**
 * The week a new note gets: the one the student named (when the course has it), else the week whose
 * title is the note's topic, else the week its topic (a section's heading) is about, else the
 * closest week by content (closestWeek), else null. The heading goes first: «La Revolución
 * industrial en Gran Bretaña» over a text that says «revolución agrícola» is the week of the
 * industrial revolution, not the one whose short title shares the word «revolución».
 */
export function weekForNewNote(course: Course, note: { tema: string; texto: string; semana?: number }): number | null {
  if (hasWeek(course, note.semana)) return note.semana;
  return weekByTopic(course, note.tema) ?? closestWeek(course, note.tema) ?? closestWeek(course, `${note.tema} ${note.texto}`);
}

/** `YYYY-MM-DD` of `date` in time zone `tz`. */
export function localDay(date: Date, tz = DEFAULT_TZ): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY_MS;

/**
 * The week containing `date` (its day in `tz`): the dated week whose start is the latest not after
 * that day, provided the day is before the next dated week's start or within 7 days of its own.
 * Undefined when the course has no dates or the day falls outside them.
 */
export function weekOfDate(course: Course, date: Date, tz = DEFAULT_TZ): number | undefined {
  const day = dayNumber(localDay(date, tz));
  const dated = course.semanas.filter((w) => w.inicio !== null).map((w) => ({ n: w.numero, d: dayNumber(w.inicio!) })).sort((a, b) => a.d - b.d);
  for (let i = dated.length - 1; i >= 0; i--) {
    const w = dated[i]!;
    if (w.d > day) continue;
    const end = dated[i + 1]?.d ?? w.d + 7;
    return day < Math.min(end, w.d + 7) ? w.n : undefined;
  }
  return undefined;
}

/**
 * A short, stable hash of a week's title (6 hex digits of SHA-256 of the trimmed title): part of the
 * idempotency key, so a renamed week or a replaced course never answers with an old cover.
 */
export function titleHash(title: string): string {
  return createHash('sha256').update(title.trim()).digest('hex').slice(0, 6);
}

/** An integer in [0, n) chosen by the title: how the procedural cover picks its motif and palette. */
export function titlePick(title: string, n: number, salt = ''): number {
  const h = createHash('sha256').update(`${salt}${title.trim()}`).digest();
  return h.readUInt32BE(0) % n;
}

/**
 * The `semana` argument of the tools that work on a week: an integer enum of the owner's weeks with
 * class (a week without class gets no cover, narration or cards: there is nothing to study in it).
 */
export function weekProperty(course: Course): { type: 'integer'; enum: number[]; description: string } {
  const weeks = classWeeks(course);
  const list = weeks.map((n) => `${n} ${weekTopic(course, n)}`);
  const shown = list.length <= 12 ? list.join(', ') : `${list.slice(0, 12).join(', ')}, …`;
  return { type: 'integer', enum: weeks.length > 0 ? weeks : weekNumbers(course), description: WEEK(shown) };
}

/** The course as the model's system prompt carries it (one line per week). */
export function courseForPrompt(course: Course): string {
  const lines = course.semanas.slice().sort((a, b) => a.numero - b.numero).map((w) => COURSE_PROMPT.week(w.numero, w.titulo, Boolean(w.sin_clase), w.terminos));
  return [COURSE_PROMPT.head(course.titulo, weekRange(course)), ...lines].join('\n');
}

/** Zero-padded file stem, e.g. `semana_03`. */
export function weekStem(week: number): string {
  return `semana_${String(week).padStart(2, '0')}`;
}

/** One value of a changing course for the readers of one data folder (the toolbox keeps it current). */
export interface CourseReader {
  get(): Promise<Course>;
}
