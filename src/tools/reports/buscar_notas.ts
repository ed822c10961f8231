/**
 * How buscar_notas' calls show in the closing report (docs/design.md §4), line 1: the notes found —
 * the week's, or the one closest to the owner's words — or why the search was not done.
 */
import type { ReportedCall, ToolReport } from '../contract.js';
import type { Week } from '../../domain/notebook.js';
import { weekNumbers, weekQuery, weekTitle, type Course } from '../../domain/course/course.js';
import { REPORT } from '../../strings/agent.js';
import { notDone, shortReason } from './outcome-words.js';

export interface BuscarNotasArgs {
  consulta: string;
  k: 1 | 2 | 3 | 4 | 5;
}

/** One hit of a search, as its data holds it. */
export interface SearchHit {
  id: number;
  tema: string;
  /** 0 to 1; 0 is no match at all. */
  similitud: number;
  texto: string;
  /** The index was not ready: the hits come from a plain scan of the words. */
  aproximada?: true;
}

/** Note ids of a search's result, in rank order; a hit with similarity 0 is not a match. */
export function noteIdsOf(data: unknown): number[] {
  if (!Array.isArray(data)) return [];
  return data.filter((n) => (n as { similitud?: unknown }).similitud !== 0).map((n) => Number((n as { id?: unknown }).id)).filter(Number.isInteger);
}

type SearchCall = ReportedCall<BuscarNotasArgs, SearchHit[]>;

export const searchReport: ToolReport<BuscarNotasArgs, SearchHit[]> = {
  order: 1,
  line(calls, ctx) {
    const search = calls.at(-1);
    if (!search) return ctx.week ? REPORT.weekOnly(weekTitle(ctx.course, ctx.week)) : REPORT.noSearch;
    if (notDone(search.result)) return REPORT.searchFailed(shortReason(search.result));
    const ids = noteIdsOf(search.result.data);
    const notesWeek = ctx.asked ?? weekOfSearch(search, ctx.week, ctx.course);
    const approximate = Array.isArray(search.result.data) && search.result.data.some((n) => n.aproximada === true);
    return notesWeek
      ? REPORT.notesOfWeek(weekTitle(ctx.course, notesWeek), ids, approximate)
      : REPORT.closestNote(String(search.input.consulta ?? ctx.query ?? ''), ids[0], approximate);
  },
};

/**
 * The week a search was made for, when it was one: the planner's own week query (an internal list
 * of terms the owner never wrote, so it must not be quoted back), or a search for several notes in
 * a run that also made that week's cover or narration. A single-note lookup stays «closest note».
 */
function weekOfSearch(search: SearchCall, week: Week | undefined, course: Course): Week | undefined {
  const query = String(search.input.consulta ?? '').trim();
  const planned = weekNumbers(course).find((w) => weekQuery(course, w) === query);
  if (planned) return planned;
  return week && Number(search.input.k ?? 1) > 1 ? week : undefined;
}
