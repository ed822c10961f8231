/**
 * Reads a syllabus as students paste it (issue 25) into a course: a title and weeks 1..N, each with a
 * title, an optional start date and its key terms. Pure: text in, a value out; the chat and
 * `curso importar` decide what to do with it.
 *
 * What counts as a week, in order of trust (the first kind found in the text wins, so the numbered
 * objectives, evaluation criteria and bibliography around a «Semana N» programme are ignored):
 * 1. a labelled line: «Semana 1: …», «Semana 2 – …», «Sem. 3. …», «Tema 4: …», «Unidad 5 …», «Week 5: …»;
 * 2. a table row pasted from a PDF: a number, then columns separated by tabs or two or more spaces;
 * 3. a numbered list «1. …» / «1) …»: when numbering restarts the text holds several lists, and the
 *    longest one is the programme (the first, on a tie).
 * In a row with columns, the date is the first column that holds one and the title is the first
 * other column («Lectura: cap. 3» after it is ignored).
 *
 * Dates: `YYYY-MM-DD`, `D/M/YYYY` (or `D/M/YY`) and «12 de febrero [de 2026]» anywhere in the line;
 * `D-M` and `D/M` only where they cannot be part of the title — a whole column, in parentheses,
 * right after the week's number or at the end after a dash («… — 3-2»). A year comes from the date,
 * else from `opts.year`, else the current year. A date-shaped text that is no day of the calendar
 * (31/2/2026, «30 de febrero») is a problem naming its line.
 *
 * Weeks are numbered 1..N: a syllabus that skips a number is refused with a sentence naming the
 * missing week, because a silent renumbering would move every later week's notes (week numbers are
 * how the student and the bot name weeks). Weeks listed out of order are sorted.
 */
import { SYLLABUS as S } from '../../strings/course.js';
import { STOP_WORDS } from '../tfidf.js';

/** A course as a syllabus gives it; structurally the course type of the course data. */
export interface ParsedCourse {
  titulo: string;
  semanas: Array<{ numero: number; titulo: string; inicio: string | null; terminos: string[] }>;
}

export type SyllabusResult = { ok: true; course: ParsedCourse } | { ok: false; problem: string };

import { MAX_WEEKS, MAX_WEEK_TITLE } from './course.js';

export { MAX_WEEKS, MAX_WEEK_TITLE };

type Kind = 'label' | 'table' | 'list';
interface Candidate { kind: Kind; number: number; rest: string; line: number; text: string }
type Week = ParsedCourse['semanas'][number];

const LABELLED = /^(?:semana|sem\.?|tema|unidad|week|unit)\s*(\d{1,3})(?!\d)(.*)$/i;
const TABLE_ROW = /^(\d{1,3})(?:\t|\s{2,})(.+)$/;
const LIST_ITEM = /^(\d{1,3})\s*[.)]\s+(.+)$/;
const COLUMNS = /\t+|\s{2,}/;

/** Parses a pasted syllabus; `opts.year` completes dates written without a year. */
export function parseSyllabusText(text: string, opts: { year?: number } = {}): SyllabusResult {
  const year = opts.year ?? new Date().getFullYear();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const candidates = pickWeeks(lines.flatMap((raw, i) => candidate(raw, i + 1)));
  if (candidates.length === 0) return { ok: false, problem: S.noWeek() };
  if (candidates.length > MAX_WEEKS) return { ok: false, problem: S.tooManyWeeks(candidates.length, MAX_WEEKS) };

  const weeks: Week[] = [];
  const lineOf = new Map<number, number>();
  for (const c of candidates) {
    const seen = lineOf.get(c.number);
    if (seen !== undefined) return { ok: false, problem: S.duplicateWeek(c.number, seen, c.line) };
    lineOf.set(c.number, c.line);
    const read = readWeek(c.rest, year);
    if (read === 'bad-date') return { ok: false, problem: S.badDate(c.line, c.text) };
    if (!read.title) return { ok: false, problem: S.emptyTitle(c.number, c.line) };
    if (read.title.length > MAX_WEEK_TITLE) return { ok: false, problem: S.titleTooLong(c.number, read.title.length, MAX_WEEK_TITLE) };
    weeks.push({ numero: c.number, titulo: read.title, inicio: read.date, terminos: keyTermsOfTitle(read.title) });
  }
  weeks.sort((a, b) => a.numero - b.numero);
  const missing = weeks.findIndex((w, i) => w.numero !== i + 1);
  const last = weeks[weeks.length - 1]?.numero ?? 0;
  if (missing !== -1) return { ok: false, problem: S.missingWeek(missing + 1, last) };

  const firstWeekLine = Math.min(...candidates.map((c) => c.line));
  return { ok: true, course: { titulo: courseTitle(lines.slice(0, firstWeekLine - 1)) ?? S.untitled, semanas: weeks } };
}

function candidate(raw: string, line: number): Candidate[] {
  const text = raw.trim();
  const clean = stripMarkup(text);
  for (const [kind, re] of [['label', LABELLED], ['table', TABLE_ROW], ['list', LIST_ITEM]] as const) {
    const m = re.exec(clean);
    if (m) return [{ kind, number: Number(m[1]), rest: m[2] ?? '', line, text }];
  }
  return [];
}

/** The weeks of the most trusted kind present (see the module comment). */
function pickWeeks(all: Candidate[]): Candidate[] {
  for (const kind of ['label', 'table'] as const) {
    const found = all.filter((c) => c.kind === kind);
    if (found.length > 0) return found;
  }
  const lists: Candidate[][] = [];
  for (const c of all) {
    const current = lists[lists.length - 1];
    const previous = current?.[current.length - 1];
    if (current && previous && c.number > previous.number) current.push(c);
    else lists.push([c]);
  }
  return lists.reduce<Candidate[]>((best, l) => (l.length > best.length ? l : best), []);
}

/** A week line's title and date, from what follows its number (or a topic line's whole text). */
export function readWeek(rest: string, year: number): { title: string; date: string | null } | 'bad-date' {
  let date: string | null = null;
  const titles: string[] = [];
  for (const column of rest.trim().split(COLUMNS)) {
    const found: ReturnType<typeof findDate> = date === null ? findDate(column, year) : undefined;
    if (found === 'bad-date') return found;
    if (found) date = found.date;
    const title = tidy(found ? found.rest : column);
    if (title) titles.push(title);
  }
  return { title: titles[0] ?? '', date };
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTH_OF: Record<string, number> = { ...Object.fromEntries(MONTHS.map((m, i) => [m, i + 1])), setiembre: 9 };

/** Date shapes, most specific first; groups are named so each shape says which part is which. */
const DATE_SHAPES: RegExp[] = [
  /\(?\b(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})\b\)?/,
  /\(?\b(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4}|\d{2})\b\)?/,
  new RegExp(`\\(?\\b(?<d>\\d{1,2})\\s+de\\s+(?<mn>${Object.keys(MONTH_OF).join('|')})(?:\\s+(?:de|del)\\s+(?<y>\\d{4}))?\\b\\)?`, 'i'),
  // D-M and D/M only where they cannot be part of the title.
  /\((?<d>\d{1,2})[/-](?<m>\d{1,2})\)/,
  /^[\s:.\-–—)]*(?<d>\d{1,2})[/-](?<m>\d{1,2})(?=\s*[:\-–—|,]|\s*$)/,
  /\s[-–—|,]\s*(?<d>\d{1,2})[/-](?<m>\d{1,2})\s*$/,
];

function findDate(text: string, year: number): { date: string; rest: string } | 'bad-date' | undefined {
  for (const shape of DATE_SHAPES) {
    const m = shape.exec(text);
    if (!m?.groups) continue;
    const g = m.groups;
    const y = g.y === undefined ? year : g.y.length === 2 ? 2000 + Number(g.y) : Number(g.y);
    const month = g.mn ? (MONTH_OF[g.mn.toLowerCase()] ?? 0) : Number(g.m);
    const date = isoDate(y, month, Number(g.d));
    if (!date) return 'bad-date';
    return { date, rest: text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length) };
  }
  return undefined;
}

/** `YYYY-MM-DD` when the numbers are a day of the calendar. */
function isoDate(y: number, m: number, d: number): string | undefined {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return t.toISOString().slice(0, 10);
}

/** A title without the separators left around it once the number and the date are gone. */
function tidy(s: string): string {
  return s.replace(/\(\s*\)/g, ' ').replace(/\s+/g, ' ').replace(/^[\s:.\-–—)|·,;]+/, '').replace(/[\s:\-–—(|·,;]+$/, '').trim();
}

/** Markdown emphasis and headings, and list bullets, that a pasted text carries around its words. */
function stripMarkup(s: string): string {
  return s.replace(/^#+\s*/, '').replace(/^[-*•]\s+/, '').replace(/\*\*|__/g, '').trim();
}

// ---- The course's title ------------------------------------------------------------------------

/** «Asignatura: X» names the course outright. */
const NAMED = /^(?:asignatura|curso|materia|course|subject)\s*:\s*(.+)$/i;
/** Words that say "this is a programme" around the course's name: «Programa de …», «… — temario». */
const PROGRAMME_PREFIX = /^(?:programa|cronograma|temario|calendario|gu[ií]a docente|syllabus)(?:\s+de(?:l|\s+la)?(?:\s+(?:asignatura|curso|clases))?)?\s*[:\-–—]?\s*/i;
const PROGRAMME_SUFFIX = /\s*[-–—:·|]\s*(?:programa|cronograma|temario|calendario|gu[ií]a docente|syllabus)\s*$/i;
/**
 * How an owner names the course in a lead-in line: «mi curso es …», «el temario de …», «Curso de …»
 * (a bare «Curso 2025-2026» is no name: it needs a determiner or a connector to be stripped).
 */
const OWNER_PREFIX = /^(?:(?:este|esta)\s+es\s+)?(?:(?:mi|el|la|nuestro|nuestra|tu)\s+(?:curso|asignatura|materia|temario|programa)(?:\s+(?:es|se\s+llama|de\s+la|del|de))?|(?:curso|asignatura|materia)\s+(?:es|se\s+llama|de\s+la|del|de))(?!\p{L})\s*[:\-–—]?\s*/iu;
/** «, 4 semanas», «(12 temas)»: how long the course is, not what it is called. */
const WEEK_COUNT = /[\s,;(\-–—]*\b\d{1,3}\s+(?:semanas|temas|unidades|lecciones|weeks)(?!\p{L})\)?/giu;
/** A lead-in made only of these words introduces the list without naming it («Estos son los temas:»). */
const FILLER = new Set(['este', 'esta', 'estos', 'estas', 'es', 'son', 'aquí', 'aqui', 'tienes', 'va', 'van', 'mi', 'mis', 'tu', 'tus', 'el', 'la', 'los', 'las', 'del', 'de', 'que', 'hay', 'lista', 'temas', 'semanas', 'unidades', 'lecciones', 'curso', 'asignatura', 'materia', 'temario', 'programa']);
/** Lines about where and who, not what: the institution, the degree, the group. */
const NOT_A_TITLE = /^(?:universidad|universitat|university|facultad|faculty|escuela|departamento|department|grado|m[aá]ster|master|curso|grupo|aula)\b/i;
/** «Profesora: …», «Horario: …»: a short label and a colon. */
const KEY_VALUE = /^[\p{L} ]{1,25}:\s/u;

/**
 * The course's title from the lines before the first week: an «Asignatura: X» line if there is
 * one, else the first line that reads like a name (not the institution, not «clave: valor», no
 * date, at most MAX_WEEK_TITLE characters), without the words an owner wraps it in («mi curso es»,
 * «, 4 semanas», a final «:»). A heading in capitals is written in sentence case; any other keeps
 * the owner's capitalisation.
 */
export function courseTitle(lines: string[]): string | undefined {
  const cleaned = lines.map((l) => stripMarkup(l.trim())).filter(Boolean);
  for (const l of cleaned) {
    const m = NAMED.exec(l);
    if (m?.[1]) return sentenceCase(tidy(m[1]));
  }
  for (const l of cleaned) {
    const t = tidy(l.replace(PROGRAMME_PREFIX, '').replace(PROGRAMME_SUFFIX, '').replace(OWNER_PREFIX, '').replace(WEEK_COUNT, ''));
    if (!t || !/\p{L}{3}/u.test(t) || t.length > MAX_WEEK_TITLE) continue;
    if (t.toLocaleLowerCase('es').split(/\s+/).every((w) => FILLER.has(w))) continue;
    if (NOT_A_TITLE.test(t) || KEY_VALUE.test(t) || findDate(t, 2000) !== undefined) continue;
    return sentenceCase(t);
  }
  return undefined;
}

/** «QUÍMICA ORGÁNICA I» → «Química orgánica I»; a title with any lower-case letter is left alone. */
function sentenceCase(s: string): string {
  if (/\p{Ll}/u.test(s)) return s;
  const words = s.split(' ').map((w) => (/^[IVX]{1,4}$/.test(w) ? w : w.toLocaleLowerCase('es')));
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toLocaleUpperCase('es') + first.slice(1);
  return words.join(' ');
}

// ---- Key terms ---------------------------------------------------------------------------------

/** Words that join or surround terms without being one: SPEC §2's stop words plus a few more. */
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
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}
