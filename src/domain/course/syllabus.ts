/**
 * Reads a syllabus as a person reads it (issues 25 and 42): a course name and weeks 1..N, each with
 * a title, the Monday its week starts (or null), its key terms, and whether it is a week without
 * class. Pure: text and `now` in, a value out; the chat and `curso importar` decide what to do with it.
 *
 * Design (docs/design.md §2):
 * - Lines first (syllabus-lines.ts): PDF page footers dropped, Markdown tables unpiped; what starts a
 *   week, in order of trust (the first kind present wins, so numbered objectives and bibliography
 *   around a «Semana N» programme are ignored): a labelled line («Semana 3», «Sem. 4 ·», «S3», «Tema
 *   2 –», «Lección 4»), a table row (a number, then tabs or runs of spaces), a group's heading
 *   («Bloque II», «Unidad didáctica 5»), a numbered list «1.» (the longest run when numbering restarts). From the first week on, the heading
 *   of a later section («Evaluación», «Bibliografía», «Competencias») ends the calendar.
 * - A week's text: a header row names its columns (number, dates, content; «Lecturas»,
 *   «Bibliografía», «Actividades» go to the terms); without one, the first column holding only a date
 *   is the dates and the first other one the title. A line that breaks mid-title (the next starts in
 *   lower case, or this one ends in «y», «de», a comma…) is joined; a week line with no title takes
 *   the next line as its title; LMS activity lines («Archivo: …») are not titles.
 * - Dates (syllabus-dates.ts): chrono-node's Spanish parser plus our range parsers; a date counts as
 *   the week's when it stands at the start, at the end after a dash, in parentheses or in its own
 *   column — elsewhere it is part of the title («La jornada del 2 de mayo»). Years for the whole
 *   list at once; a week with no date between two dated weeks exactly a week apart per number gets
 *   the Monday between them.
 * - Weeks without class («no hay clase», «vacaciones», «festivo», «Semana Santa», «Navidad») keep
 *   their number and carry `sin_clase: true`; such a line with no number is no week.
 * - Nothing the parser is unsure of refuses the syllabus: a title over MAX_WEEK_TITLE is cut at a
 *   word with «…», an unreadable date or a missing title leaves the week as it can and adds a
 *   question to `dudas`; so does a week number written twice (withoutRepeats). Only no week at all,
 *   too many weeks or a gap refuse (the guide's numbering is how the student and the teacher name weeks).
 * - «Bloque II», «Parte 1», «Módulo 3», «Unidad didáctica 2» group weeks: they are weeks only in a
 *   text with no labelled week and no table row.
 */
import { SYLLABUS as S } from '../../strings/course.js';
import { STOP_WORDS } from '../tfidf.js';
import { MAX_WEEKS, MAX_WEEK_TITLE } from './course.js';
import { dayOfIso, findDates, isoDay, mondayOf, placeYears, unreadableDate, yearClue, type WrittenDate } from './syllabus-dates.js';
import { cellsByRole, cellsOf, continues, isActivity, isFooter, isNoClass, opensLaterSection, stripMarkup, tableHeader, unpipe, weekStart, type TableHeader, type WeekKind } from './syllabus-lines.js';
import { courseTitle } from './syllabus-title.js';

export { MAX_WEEKS, MAX_WEEK_TITLE, courseTitle };

export interface ParsedWeek { numero: number; titulo: string; inicio: string | null; terminos: string[]; sin_clase?: true }
/** A course as a syllabus gives it; `dudas` holds the questions about lines the parser was unsure of. */
/** A question about a line the parser was unsure of, and the week it is about. */
export interface Doubt { semana: number; pregunta: string }
export interface ParsedCourse { titulo: string; semanas: ParsedWeek[]; dudas?: Doubt[] }
export type SyllabusResult = { ok: true; course: ParsedCourse } | { ok: false; problem: string };

interface Draft { number: number; line: number; title: string; date?: WrittenDate; badDate?: string; terms: string[]; untitled: boolean }

/** Parses a pasted syllabus; `now` is today, for a text that gives no year at all. */
export function parseSyllabusText(text: string, opts: { now: Date }): SyllabusResult {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').split('\n').map(unpipe);
  const starts = lines.map((l) => (isFooter(l) ? undefined : weekStart(l)));
  const chosen = chooseWeekLines(starts);
  if (chosen.size === 0) return { ok: false, problem: S.noWeek() };
  if (chosen.size > MAX_WEEKS) return { ok: false, problem: S.tooManyWeeks(MAX_WEEKS) };

  const drafts: Draft[] = [];
  let header: TableHeader | undefined;
  let blankSince = false;
  const firstLine = Math.min(...chosen);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) { blankSince = true; continue; }
    if (isFooter(raw)) continue;
    const found = tableHeader(raw);
    if (found) { header = found; continue; }
    if (chosen.has(i)) {
      drafts.push(readWeekLine(raw, starts[i]!.number, starts[i]!.rest, i + 1, header));
      blankSince = false;
      continue;
    }
    if (i < firstLine) continue;
    if (opensLaterSection(raw)) break;
    const current = drafts[drafts.length - 1];
    if (!current || blankSince || weekStart(raw)) continue;
    const next = stripMarkup(raw.trim());
    if (current.untitled && !isActivity(next)) {
      const read = readDatedText(next);
      current.title = read.title;
      current.untitled = !read.title;
      current.date ??= read.date;
    } else if (!current.untitled && continues(current.title, next)) current.title = `${current.title} ${next}`;
  }
  return assemble(drafts, lines.slice(0, firstLine), text, opts.now);
}

/** The line numbers (0-based) that start weeks: the most trusted kind present (see the module comment). */
function chooseWeekLines(starts: ReadonlyArray<ReturnType<typeof weekStart>>): Set<number> {
  for (const kind of ['label', 'table', 'group'] as WeekKind[]) {
    const found = starts.flatMap((s, i) => (s?.kind === kind ? [i] : []));
    if (found.length > 0) return new Set(found);
  }
  const runs: number[][] = [];
  starts.forEach((s, i) => {
    if (s?.kind !== 'list') return;
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (run && previous !== undefined && s.number > starts[previous]!.number) run.push(i);
    else runs.push([i]);
  });
  return new Set(runs.reduce<number[]>((best, r) => (r.length > best.length ? r : best), []));
}

/** One week's line: number, title, date and terms, read from its columns or from its text. */
function readWeekLine(raw: string, number: number, rest: string, line: number, header: TableHeader | undefined): Draft {
  const draft: Draft = { number, line, title: '', terms: [], untitled: false };
  if (header && cellsOf(raw.trim()).length >= 2) {
    const byRole = cellsByRole(raw, header);
    const dateText = byRole.dates.join(' ');
    const dates = findDates(dateText);
    draft.date = dates[0]?.date;
    if (!draft.date && dateText) draft.badDate = unreadableDate(dateText, dates);
    draft.title = tidy(byRole.content.join(' '));
    draft.terms = byRole.terms;
  } else {
    const cells = cellsOf(rest.trim()).map((c) => c.text).filter(Boolean);
    if (cells.length >= 2) {
      // Columns without a header: the first holding only a date is the dates, the first other the title.
      const dateCell = cells.findIndex((c) => { const f = findDates(c); return f.length > 0 && !tidy(withoutDates(c, f)); });
      if (dateCell >= 0) draft.date = findDates(cells[dateCell]!)[0]!.date;
      const others = cells.filter((_, i) => i !== dateCell);
      const read = readDatedText(others[0] ?? '');
      draft.title = read.title;
      draft.date ??= read.date;
      draft.badDate = read.badDate;
      draft.terms = others.slice(1);
    } else {
      const read = readDatedText(rest);
      Object.assign(draft, { title: read.title, date: read.date, badDate: read.badDate });
    }
  }
  draft.untitled = !draft.title;
  return draft;
}

const SEPARATOR = /^[\s:.\-–—)|·,;(]*$/;
const withoutDates = (text: string, found: ReadonlyArray<{ index: number; text: string }>) => {
  let out = text;
  for (const f of [...found].sort((a, b) => b.index - a.index)) out = out.slice(0, f.index) + ' ' + out.slice(f.index + f.text.length);
  return out;
};

/**
 * A week's text without its date: the dates standing where a week's date stands (at the start, at
 * the end after a separator, in parentheses) are taken out, the first one is the week's; a date
 * inside the title stays in it.
 */
export function readDatedText(text: string): { title: string; date?: WrittenDate; badDate?: string } {
  const all = findDates(text);
  const found = all.filter((f) => {
    const before = text.slice(0, f.index);
    const after = text.slice(f.index + f.text.length);
    const opensParen = /\(\s*(?:lunes|martes|miércoles|jueves|viernes)?\s*$/i.test(before) && /^\s*\)/.test(after);
    const atStart = SEPARATOR.test(before.replace(/(?:lunes|martes|miércoles|jueves|viernes)\s*$/i, ''));
    const atEnd = SEPARATOR.test(after) && /[-–—|·(,:]\s*$|^\s*$/.test(before);
    return opensParen || atStart || atEnd;
  });
  const title = tidy(withoutDates(text, found));
  const badDate = found.length === 0 ? unreadableDate(text, all) : undefined;
  return { title: badDate ? tidy(text.replace(badDate, ' ')) : title, date: found[0]?.date, ...(badDate ? { badDate } : {}) };
}

/** A title without the separators and empty parentheses left once the number and the date are gone. */
export function tidy(s: string): string {
  return s.replace(/\(\s*[-–—,;:]?\s*\)/g, ' ').replace(/\s+/g, ' ').replace(/^[\s:.\-–—)|·,;]+/, '').replace(/[\s:\-–—(|·,;]+$/, '').trim();
}

/** A title over MAX_WEEK_TITLE cut at the last word that fits, with «…». */
export function cutTitle(title: string): string {
  const chars = Array.from(title);
  if (chars.length <= MAX_WEEK_TITLE) return title;
  const head = chars.slice(0, MAX_WEEK_TITLE - 1).join('');
  const atWord = head.slice(0, head.lastIndexOf(' ') > 0 ? head.lastIndexOf(' ') : head.length);
  return `${atWord.replace(/[\s,;:.\-–—(]+$/, '')}…`;
}

/** The weeks in order, with years, Mondays, inferred dates, flags, terms and the questions to ask. */
function assemble(all: Draft[], before: string[], text: string, now: Date): SyllabusResult {
  const { drafts, dudas } = withoutRepeats(all);
  const days = placeYears(drafts.map((d) => d.date), yearClue(text, before.join('\n'), now));
  const inOrder = drafts.map((d, i) => ({ d, day: days[i] })).sort((a, b) => a.d.number - b.d.number);
  const missing = inOrder.findIndex((w, i) => w.d.number !== i + 1);
  if (missing !== -1) return { ok: false, problem: S.missingWeek(missing + 1, inOrder[inOrder.length - 1]!.d.number) };

  const starts = inOrder.map((w) => (w.day === undefined ? null : mondayOf(w.day)));
  fillBetween(starts);
  const semanas = inOrder.map(({ d }, i): ParsedWeek => {
    const noClass = isNoClass(d.title);
    let titulo = d.title || S.untitledWeek(d.number);
    if (!d.title) dudas.push({ semana: d.number, pregunta: S.unsureTitle(d.number) });
    if (d.badDate) dudas.push({ semana: d.number, pregunta: S.unsureDate(d.number, d.badDate) });
    const length = Array.from(titulo).length;
    if (length > MAX_WEEK_TITLE) {
      titulo = cutTitle(titulo);
      dudas.push({ semana: d.number, pregunta: S.titleCut(d.number, length, MAX_WEEK_TITLE) });
    }
    const terminos = noClass ? [] : [...keyTermsOfTitle(titulo), ...d.terms.flatMap(termsOfReading)].filter((t, j, all) => all.indexOf(t) === j);
    return { numero: d.number, titulo, inicio: starts[i]!, terminos, ...(noClass ? { sin_clase: true as const } : {}) };
  });
  const titulo = courseTitle(before) ?? S.untitled;
  return { ok: true, course: { titulo, semanas, ...(dudas.length > 0 ? { dudas } : {}) } };
}

/**
 * A number written twice is asked about, not refused (the proposal asks where it is unsure): a
 * repeat standing where the number after its predecessor is missing inside the numbering («Semana 1,
 * 2, 2, 4») takes that number; any other repeat (a list written out twice) is left out. Either way the proposal says which line and asks.
 */
function withoutRepeats(all: readonly Draft[]): { drafts: Draft[]; dudas: Doubt[] } {
  const used = new Set(all.map((d) => d.number));
  const last = Math.max(...used);
  const lineOf = new Map<number, Draft>();
  const drafts: Draft[] = [];
  const dudas: Doubt[] = [];
  for (const d of all) {
    const first = lineOf.get(d.number);
    if (first === undefined) {
      lineOf.set(d.number, d);
      drafts.push(d);
      continue;
    }
    const gap = (drafts.at(-1)?.number ?? 0) + 1;
    const title = d.title || S.untitledWeek(d.number);
    if (gap < last && !used.has(gap)) {
      used.add(gap);
      lineOf.set(gap, { ...d, number: gap });
      drafts.push({ ...d, number: gap });
      dudas.push({ semana: gap, pregunta: S.repeatedWeekMoved(d.number, first.line, d.line, gap, title) });
    } else dudas.push({ semana: d.number, pregunta: S.repeatedWeekLeft(d.number, first.line, d.line, title) });
  }
  return { drafts, dudas };
}

/** A week with no date between two dated weeks exactly a week apart per number gets the Monday between them. */
function fillBetween(starts: Array<string | null>): void {
  for (let i = 0; i < starts.length; i++) {
    if (starts[i] !== null) continue;
    const prev = starts.slice(0, i).findLastIndex((s) => s !== null);
    const next = starts.findIndex((s, j) => j > i && s !== null);
    if (prev < 0 || next < 0) continue;
    const a = dayOfIso(starts[prev]!);
    const b = dayOfIso(starts[next]!);
    if (b - a === 7 * (next - prev)) starts[i] = isoDay(a + 7 * (i - prev));
  }
}

// ---- Key terms ---------------------------------------------------------------------------------

/** Longest key term (a phrase longer than this is a sentence, not a term a student would search). */
const MAX_TERM = 80;
/** Words that join or surround terms without being one: docs/design.md §2's stop words plus a few more. */
const EDGE_WORDS = new Set([...STOP_WORDS, 'e', 'o', 'u', 'ni', 'the', 'of', 'to', 'in', 'on', 'for', 'with', 'an']);
/** Words that open a week's title without naming what it studies («Introducción a …», «Repaso …»). */
const GENERIC_OPENERS = new Set([
  'introducción', 'repaso', 'examen', 'parcial', 'final', 'general', 'presentación', 'curso',
  'fundamentos', 'principios', 'conceptos', 'nociones', 'básicos', 'básicas',
  'introduction', 'review', 'exam', 'midterm', 'overview', 'basics',
]);
/** Where a title's phrases part: punctuation, dashes and the conjunctions «y/e/o/u», «and/or». */
const PHRASE_BREAK = /[,;:()/]|\s[-–—]\s|\s(?:y|e|o|u|and|or|vs\.?)\s/i;

/**
 * A week's key terms, from its title: the title is cut into phrases at punctuation and
 * conjunctions; each phrase is lower-cased, loses the stop words at both ends and generic openers
 * («introducción», «repaso», «examen»…) at its start; empty phrases and repeats are dropped.
 * «Introducción a la célula» → [«célula»]; «Mitosis y meiosis» → [«mitosis», «meiosis»];
 * «Examen parcial» → [].
 */
export function keyTermsOfTitle(title: string): string[] {
  const terms: string[] = [];
  for (const phrase of title.toLocaleLowerCase('es').split(PHRASE_BREAK)) {
    const words = (phrase ?? '').split(/\s+/).filter(Boolean);
    const opens = (w: string | undefined) => w !== undefined && (EDGE_WORDS.has(w) || GENERIC_OPENERS.has(w));
    while (opens(words[0])) words.shift();
    while (EDGE_WORDS.has(words[words.length - 1] ?? '')) words.pop();
    const term = words.join(' ').replace(/[.«»"]/g, '').trim();
    if (term && Array.from(term).length <= MAX_TERM && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** What a reading or activity column says that a student would search for: «Kamen, cap. 1» → [«kamen»]. */
const NOT_A_TERM = /^(?:caps?\.?|cap[ií]tulos?|lecturas?|seminarios?|pr[aá]cticas?|tareas?|cuestionarios?|foros?|archivos?|pdf|temas?|p[aá]gs?\.?)(?:\s|$)|^[\d\s.()-]*$/;
/** «práctica 2», «parte 3»: a short phrase with a number names a piece of work, not a subject. */
const NUMBERED_PIECE = /^\S+(?:\s\S+)?$/;
function termsOfReading(cell: string): string[] {
  return keyTermsOfTitle(cell).filter((t) => !NOT_A_TERM.test(t) && !(NUMBERED_PIECE.test(t) && /\d/.test(t)));
}
