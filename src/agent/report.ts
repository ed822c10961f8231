/**
 * The five-line report (SPEC §4), built from the real tool results — by the offline planner (as
 * its final text), by the deterministic workflow, and by the loop when the model gave none. It says
 * plainly what was NOT done (rejected, failed, unknown) so the owner never assumes it was.
 */
import { WEEK_TOPICS, WEEKS, weekTitle, type Week } from '../tools/domain.js';
import { AGENT, REPORT } from './strings.js';

/** One call as the model saw it: its arguments and the tool_result it got back. */
export interface SeenCall {
  name: string;
  input: Record<string, unknown>;
  content: string;
  is_error: boolean;
}

function parse(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/** A rejection is a normal result (is_error false) whose text says it was not approved/executed. */
export function isRejection(c: Pick<SeenCall, 'content' | 'is_error'>): boolean {
  return !c.is_error && /no (fue |ha sido |se ha )?aprobad|no se (ha )?ejecutad|no aprobad|rechazad|denegad/i.test(c.content);
}

/** Why an approval did not go ahead: the owner said no, nobody answered in time, or the run was cancelled. */
export type NotApprovedKind = 'rechazado' | 'expirado' | 'cancelado';

/**
 * Reads the kind back from the dispatcher's rejection text (tools/strings.ts `rejected`): the result
 * the model saw is all a resumed run keeps, so the wording is the record. Default: rejected.
 */
export function notApprovedKind(content: string): NotApprovedKind {
  if (/expir|caduc/i.test(content)) return 'expirado';
  if (/cancel/i.test(content)) return 'cancelado';
  return 'rechazado';
}

/**
 * The owner-facing reason for each kind (tú), in the two places the report uses it: the short
 * five-line report («Portada: NO hecha — …») and the «No se hizo» list («Generar la portada…: …»).
 * Kept here, next to the only code that picks between them.
 */
export const NOT_APPROVED: Readonly<Record<NotApprovedKind, { short: string; line: string }>> = Object.freeze({
  rechazado: { short: REPORT.notApproved, line: AGENT.rejected },
  expirado: {
    short: 'la aprobación caducó sin respuesta (cuenta como rechazo); no se ejecutó',
    line: 'no aprobado: la aprobación caducó sin respuesta (cuenta como rechazo), no se ejecutó',
  },
  cancelado: {
    short: 'el trabajo se canceló antes de que decidieras; no se ejecutó',
    line: 'no se ejecutó: el trabajo se canceló antes de que decidieras',
  },
});

/** Note ids in a buscar_notas result, in rank order. */
export function noteIdsOf(content: string): number[] {
  const data = parse(content);
  const list = Array.isArray(data) ? data : Array.isArray((data as { notas?: unknown })?.notas) ? (data as { notas: unknown[] }).notas : undefined;
  // A hit with similarity 0 shares no word with the query: it is not a match.
  if (list) return list.filter((n) => (n as { similitud?: unknown }).similitud !== 0).map((n) => Number((n as { id?: unknown }).id)).filter(Number.isInteger);
  return [...content.matchAll(/"id"\s*:\s*(\d+)/g)].map((m) => Number(m[1]));
}

/** Similarity of the first note of a buscar_notas result, when present. */
function topSimilarity(content: string): number | undefined {
  const m = /"similitud"\s*:\s*([\d.]+)/.exec(content);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** New card ids in a crear_tarjetas result. */
export function cardIdsOf(content: string): number[] {
  const data = parse(content) as Record<string, unknown> | unknown[] | undefined;
  const pick = (v: unknown): number[] | undefined =>
    Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : Number((x as { id?: unknown })?.id))).filter(Number.isInteger) : undefined;
  if (Array.isArray(data)) return pick(data) ?? [];
  if (data && typeof data === 'object') {
    for (const key of ['ids', 'ids_tarjetas', 'tarjetas', 'nuevas', 'cards']) {
      const ids = pick(data[key]);
      if (ids && ids.length > 0) return ids;
    }
  }
  return [];
}

/** Card ids a crear_tarjetas result found already in the deck (`ya_en_el_mazo`), if any. */
export function reusedCardIdsOf(content: string): number[] {
  const reused = (parse(content) as { ya_en_el_mazo?: unknown } | undefined)?.ya_en_el_mazo;
  return Array.isArray(reused) ? reused.filter((x): x is number => Number.isInteger(x)) : [];
}

/** The first file path with one of `exts` in a result (cover PNG, narration WAV). */
export function fileOf(content: string, exts: string[]): string | undefined {
  const re = new RegExp(`[^\\s"'(),]+\\.(?:${exts.join('|')})\\b`, 'i');
  return re.exec(content)?.[0];
}

function shortReason(c: SeenCall): string {
  if (isRejection(c)) return NOT_APPROVED[notApprovedKind(c.content)].short;
  const text = (parse(c.content) as { error?: string; mensaje?: string } | undefined)?.error ?? c.content;
  const first = String(text).split('\n')[0] ?? '';
  return first.length > 140 ? `${first.slice(0, 137)}…` : first;
}

function last(calls: readonly SeenCall[], name: string): SeenCall | undefined {
  return [...calls].reverse().find((c) => c.name === name);
}

/** Five lines: notes, cards, cover, narration, usage. `week` may be absent (cards of one note). */
export function buildReport(calls: readonly SeenCall[], opts: { week?: Week; query?: string } = {}): string {
  const search = last(calls, 'buscar_notas');
  const cards = last(calls, 'crear_tarjetas');
  const cover = last(calls, 'generar_portada');
  const narration = last(calls, 'narrar_resumen');
  const usage = last(calls, 'registrar_uso');
  const week = (opts.week ?? (cover?.input.semana as Week | undefined) ?? (narration?.input.semana as Week | undefined)) as Week | undefined;

  let line1: string;
  if (search && !search.is_error) {
    const ids = noteIdsOf(search.content);
    const sim = topSimilarity(search.content);
    const notesWeek = opts.week ?? weekOfSearch(search, week);
    line1 = notesWeek
      ? REPORT.notesOfWeek(weekTitle(notesWeek), ids)
      : REPORT.closestNote(String(search.input.consulta ?? opts.query ?? ''), ids[0], sim);
  } else if (search) line1 = REPORT.searchFailed(shortReason(search));
  else line1 = week ? REPORT.weekOnly(weekTitle(week)) : REPORT.noSearch;

  let line2: string;
  if (!cards) line2 = REPORT.cardsNotAsked;
  else if (cards.is_error || isRejection(cards)) line2 = REPORT.cardsNotDone(shortReason(cards));
  else line2 = REPORT.cardsDone(cardIdsOf(cards.content), Number(cards.input.id_nota), reusedCardIdsOf(cards.content));

  const media = (c: SeenCall | undefined, what: 'portada' | 'narración', exts: string[], engine: string): string => {
    if (!c) return REPORT.mediaNotAsked(what);
    if (c.is_error || isRejection(c)) return REPORT.mediaNotDone(what, shortReason(c));
    return REPORT.mediaDone(what, fileOf(c.content, exts) ?? REPORT.noPath, engine);
  };
  const line3 = media(cover, 'portada', ['png'], cover?.input.maqueta === false ? 'FLUX' : 'maqueta');
  const line4 = media(narration, 'narración', ['wav', 'mp3'], String(narration?.input.motor ?? ''));

  let line5: string;
  if (!usage) line5 = REPORT.usageNotLogged;
  else if (usage.is_error || isRejection(usage)) line5 = REPORT.usageFailed(shortReason(usage));
  else line5 = REPORT.usageLogged(Number(usage.input.tokens_entrada), Number(usage.input.tokens_salida));
  return [line1, line2, line3, line4, line5].join('\n');
}

/**
 * The week a search was made for, when it was one: the planner's own week query (an internal list
 * of terms the owner never wrote, so it must not be quoted back), or a search for several notes in
 * a run that also made that week's cover or narration. A single-note lookup stays «closest note».
 */
function weekOfSearch(search: SeenCall, week: Week | undefined): Week | undefined {
  const query = String(search.input.consulta ?? '').trim();
  const planned = WEEKS.find((w) => weekQuery(w) === query);
  if (planned) return planned;
  return week && Number(search.input.k ?? 1) > 1 ? week : undefined;
}

/**
 * What a model would search for a week: the topic plus the terms a student of it would use (the
 * bare topic name matches one note at most, since the notes rarely repeat it).
 */
const WEEK_TERMS: Readonly<Record<Week, string>> = {
  1: 'media desviación intervalo de confianza muestra',
  2: 'lista pandas función datos',
  3: 'renacimiento impresionismo cubismo pintura',
  4: 'escala acorde guitarra ritmo',
};
export function weekQuery(week: Week): string {
  return `${WEEK_TOPICS[week]} ${WEEK_TERMS[week]}`;
}
