/**
 * The five-line report (docs/design.md §4), built from the typed outcomes of the calls (docs/design.md §33) — by
 * the offline planner (as its final text), by the deterministic workflow, and by the loop when the
 * model gave none. It says plainly what was NOT done (rejected, failed, unknown) so the owner never
 * assumes it was. Nothing here reads wording: every fact comes from a ToolResult's kind and data.
 */
import type { NotApprovedReason, ToolResult } from '../tools/contract.js';
import type { Week } from '../domain/notebook.js';
import { weekNumbers, weekQuery, weekTitle, type Course } from '../domain/course/course.js';
import { AGENT, REPORT, type FewerCards } from '../strings/agent.js';
import { CARDS_PER_NOTE, FEWER_CARD_REASONS, type FewerCardsReason } from '../domain/cards/build.js';

/**
 * One call and its typed outcome. `input` is what the tool accepted; a refused call's input is empty
 * (build records with `callRecord`, never by hand).
 */
export interface CallRecord {
  name: string;
  input: Readonly<Record<string, unknown>>;
  result: ToolResult;
}

/**
 * The one way to record a call for the report: its input is kept only when the tool accepted it. A
 * refused call's input is whatever the model wrote (`semana: 9` in a four-week course), so it is
 * dropped here, once, and nothing downstream can read a week, a note or an engine from it — only the
 * refusal itself is reported.
 */
export function callRecord(name: string, input: unknown, result: ToolResult): CallRecord {
  const accepted = inputWasValid(result) && typeof input === 'object' && input !== null && !Array.isArray(input);
  return { name, input: accepted ? (input as Record<string, unknown>) : {}, result };
}

/** The call did not happen: rejected, denied or failed. */
export function notDone(r: ToolResult): boolean {
  return r.kind === 'rechazado' || r.kind === 'denegado' || r.kind === 'error';
}

/**
 * The owner-facing reason for each kind (tú), in the two places the report uses it: the short
 * five-line report («Portada: no se hizo — …») and the «No se hizo» list («Generar la portada…: …»).
 * Kept here, next to the only code that picks between them.
 */
export const NOT_APPROVED: Readonly<Record<NotApprovedReason, { short: string; line: string }>> = Object.freeze({
  rechazado: { short: REPORT.notApproved, line: AGENT.rejected },
  expirado: {
    short: 'no respondiste a tiempo (cuenta como un no)',
    line: 'no respondiste a tiempo (cuenta como un no), así que no se hizo',
  },
  cancelado: {
    short: 'el trabajo se canceló antes de que decidieras',
    line: 'el trabajo se canceló antes de que decidieras, así que no se hizo',
  },
});

/** Note ids of a buscar_notas result, in rank order; a hit with similarity 0 is not a match. */
export function noteIdsOf(data: unknown): number[] {
  if (!Array.isArray(data)) return [];
  return data.filter((n) => (n as { similitud?: unknown }).similitud !== 0).map((n) => Number((n as { id?: unknown }).id)).filter(Number.isInteger);
}

function idsIn(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
}

/** Why a call was not done, short, for the owner: the approval's kind, or the error's first line. */
function shortReason(r: ToolResult): string {
  if (r.kind === 'rechazado') return NOT_APPROVED[r.notApproved?.reason ?? 'rechazado'].short;
  const first = (r.message ?? '').split('\n')[0] ?? '';
  return first.length > 140 ? `${first.slice(0, 137)}…` : first;
}

/** The «No se hizo» line of a call that was not done. */
export function notDoneLine(r: ToolResult): string {
  const note = r.notApproved?.reason === 'rechazado' ? r.notApproved.note?.trim() : undefined;
  if (r.kind === 'rechazado') return note ? AGENT.rejectedWhy(note) : NOT_APPROVED[r.notApproved?.reason ?? 'rechazado'].line;
  if (r.kind === 'denegado') return AGENT.denied;
  return AGENT.failed((r.message ?? '').split('\n')[0] ?? '');
}

function last(calls: readonly CallRecord[], name: string): CallRecord | undefined {
  return [...calls].reverse().find((c) => c.name === name);
}

/** Whether a call's input passed the tool's schema (and its policy): not refused before it ran. */
export function inputWasValid(r: ToolResult): boolean {
  return !(r.kind === 'error' && r.code === 'VALIDATION') && r.kind !== 'denegado';
}

/** The week a cover or narration call was made for (a refused call's record has none). */
function weekOfCall(c: CallRecord | undefined): Week | undefined {
  const week = c?.input.semana;
  return Number.isSafeInteger(week) ? (week as Week) : undefined;
}

/**
 * Five lines: notes, cards, cover, narration, usage. `week` may be absent (cards of one note).
 * `billed: false` (a run no one pays for: the offline planner, the deterministic week) leaves out
 * the usage line — «anotado; el coste va abajo» over a cost of nothing says nothing.
 */
export function buildReport(calls: readonly CallRecord[], course: Course, opts: { week?: Week; query?: string; billed?: boolean } = {}): string {
  const search = last(calls, 'buscar_notas');
  const cards = last(calls, 'crear_tarjetas');
  const cover = last(calls, 'generar_portada');
  const narration = last(calls, 'narrar_resumen');
  const usage = last(calls, 'registrar_uso');
  const week = opts.week ?? weekOfCall(cover) ?? weekOfCall(narration);

  let line1: string;
  if (search && !notDone(search.result)) {
    const ids = noteIdsOf(search.result.data);
    const notesWeek = opts.week ?? weekOfSearch(search, week, course);
    const approximate = Array.isArray(search.result.data) && search.result.data.some((n) => (n as { aproximada?: unknown }).aproximada === true);
    line1 = notesWeek
      ? REPORT.notesOfWeek(weekTitle(course, notesWeek), ids, approximate)
      : REPORT.closestNote(String(search.input.consulta ?? opts.query ?? ''), ids[0], approximate);
  } else if (search) line1 = REPORT.searchFailed(shortReason(search.result));
  else line1 = week ? REPORT.weekOnly(weekTitle(course, week)) : REPORT.noSearch;

  let line2: string;
  // The planner searches only when cards are wanted: a search that found nothing is why none were made.
  if (!cards) line2 = search && !notDone(search.result) && noteIdsOf(search.result.data).length === 0 ? REPORT.cardsNoNotes : REPORT.cardsNotAsked;
  else line2 = cardsLine(calls.filter((c) => c.name === 'crear_tarjetas'));

  const media = (c: CallRecord | undefined, what: 'portada' | 'narración', engine: string): string => {
    if (!c) return REPORT.mediaNotAsked(what);
    if (notDone(c.result)) return REPORT.mediaNotDone(what, shortReason(c.result));
    if (c.result.kind === 'cache') return REPORT.mediaReused(what);
    return REPORT.mediaDone(what, engine);
  };
  const ran = (c: CallRecord | undefined) => ({ ...c?.input, ...c?.result.ranWith });
  const line3 = media(cover, 'portada', ran(cover).maqueta === false ? 'FLUX' : 'maqueta');
  const line4 = media(narration, 'narración', String(ran(narration).motor ?? ''));
  // Both not done for the same reason: one line, not the same words twice.
  const sameNo = cover && narration && notDone(cover.result) && notDone(narration.result) && shortReason(cover.result) === shortReason(narration.result);
  const both = sameNo ? REPORT.mediaBothNotDone(shortReason(cover.result) === REPORT.notApproved ? REPORT.bothNotApproved : shortReason(cover.result)) : undefined;

  const lines = both ? [line1, line2, both] : [line1, line2, line3, line4];
  if (opts.billed === false) return lines.join('\n');
  if (!usage) lines.push(REPORT.usageNotLogged);
  else if (notDone(usage.result)) lines.push(REPORT.usageFailed(shortReason(usage.result)));
  else lines.push(REPORT.usageLogged);
  return lines.join('\n');
}

/**
 * Line 2 over every crear_tarjetas call of the run (a week cards each of its notes): the cards made
 * or reused, the notes that got fewer and why, and the calls that failed.
 */
function cardsLine(calls: readonly CallRecord[]): string {
  const done = calls.filter((c) => !notDone(c.result));
  const failed = calls.filter((c) => notDone(c.result));
  if (done.length === 0) return REPORT.cardsNotDone(shortReason(failed[failed.length - 1]!.result));
  const data = done.map((c) => ({ note: Number(c.input.id_nota), ...(c.result.data as CardsData | undefined) }));
  const fewer: FewerCards[] = [];
  for (const d of data) {
    const why = d.menos_tarjetas?.motivo;
    if (why === undefined || !(why in FEWER_CARD_REASONS)) continue;
    const group = fewer.find((f) => f.why === why);
    if (group) (group.notes as number[]).push(d.note);
    else fewer.push({ why: why as FewerCardsReason, notes: [d.note] });
  }
  // The week's calls run at once and take deck ids in whatever order they finish: list them sorted.
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const line = REPORT.cardsDone(sorted(data.flatMap((d) => idsIn(d.ids))), data.map((d) => d.note), sorted(data.flatMap((d) => idsIn(d.ya_en_el_mazo))), fewer, CARDS_PER_NOTE);
  // A refused call names no note (its record keeps no input): only the notes actually tried are named.
  const failedNotes = failed.flatMap((c) => (Number.isSafeInteger(c.input.id_nota) ? [c.input.id_nota as number] : []));
  if (failed.length === 0) return line;
  return `${line} ${failedNotes.length > 0 ? REPORT.cardsNotDoneFor(failedNotes, shortReason(failed[0]!.result)) : REPORT.cardsNotDone(shortReason(failed[0]!.result))}`;
}

/** crear_tarjetas' typed result, as the report reads it. */
interface CardsData { ids?: unknown; ya_en_el_mazo?: unknown; menos_tarjetas?: { motivo?: string } }

/**
 * The week a search was made for, when it was one: the planner's own week query (an internal list
 * of terms the owner never wrote, so it must not be quoted back), or a search for several notes in
 * a run that also made that week's cover or narration. A single-note lookup stays «closest note».
 */
function weekOfSearch(search: CallRecord, week: Week | undefined, course: Course): Week | undefined {
  const query = String(search.input.consulta ?? '').trim();
  const planned = weekNumbers(course).find((w) => weekQuery(course, w) === query);
  if (planned) return planned;
  return week && Number(search.input.k ?? 1) > 1 ? week : undefined;
}

