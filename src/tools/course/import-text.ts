/**
 * A first reader of a syllabus as plain text, for `curso importar`: the course's title is the first
 * line that is not a week, and every «Semana N: título» line is a week (a `YYYY-MM-DD` date in the
 * line is its start). Nothing else is read. The companion parser (syllabus.ts) will replace it behind
 * the same function and result shape, so the CLI changes in one import.
 */
import { MAX_WEEKS, MAX_WEEK_TITLE, type Course, type CourseWeek } from './course.js';

export type SyllabusResult = { ok: true; course: Course } | { ok: false; problem: string };

const WEEK_LINE = /^\s*(?:[-*#]+\s*)?semana\s+(\d{1,3})\s*[:.)\-–—]\s*(.*?)\s*$/i;
const DATE = /\(?\b(\d{4}-\d{2}-\d{2})\b\)?/;

/** Longest course title kept (the file's schema allows 200 characters). */
const MAX_COURSE_TITLE = 200;

/** Reads `text` into a course, or says in one Spanish sentence why it cannot. */
export function parseSyllabusText(text: string): SyllabusResult {
  let titulo = '';
  const semanas: CourseWeek[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const m = WEEK_LINE.exec(raw);
    if (!m) {
      if (!titulo && semanas.length === 0 && raw.trim()) titulo = raw.trim().replace(/^#+\s*/, '').slice(0, MAX_COURSE_TITLE);
      continue;
    }
    const numero = Number(m[1]);
    const date = DATE.exec(m[2]!);
    const inicio = date && !Number.isNaN(Date.parse(`${date[1]}T00:00:00Z`)) ? date[1]! : null;
    const title = (date ? m[2]!.replace(DATE, '') : m[2]!).replace(/\s+/g, ' ').replace(/^[\s:.\-–—]+|[\s:.\-–—]+$/g, '');
    if (!title) return { ok: false, problem: `la semana ${numero} no tiene título («Semana ${numero}: título»)` };
    if (Array.from(title).length > MAX_WEEK_TITLE) return { ok: false, problem: `el título de la semana ${numero} tiene más de ${MAX_WEEK_TITLE} caracteres` };
    semanas.push({ numero, titulo: title, inicio, terminos: [] });
  }
  if (semanas.length === 0) return { ok: false, problem: 'no encontré ninguna semana: escribe una línea «Semana 1: título» por semana' };
  if (semanas.length > MAX_WEEKS) return { ok: false, problem: `tiene ${semanas.length} semanas y el máximo es ${MAX_WEEKS}` };
  const wrong = semanas.findIndex((w, i) => w.numero !== i + 1);
  if (wrong >= 0) return { ok: false, problem: `las semanas deben ir numeradas 1, 2, 3… en orden y sin huecos (la ${wrong + 1}.ª línea de semana dice ${semanas[wrong]!.numero})` };
  return { ok: true, course: { titulo: titulo || 'Mi curso', semanas } };
}
