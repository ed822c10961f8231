/**
 * How generar_portada's and narrar_resumen's calls show in the closing report (docs/design.md §4),
 * lines 3 and 4: made (with which engine), made before, not asked, or not done and why — one line
 * for both when neither was done for the same reason. Each call is about one week.
 */
import type { ReportedCall, ToolReport } from '../contract.js';
import type { Week } from '../../domain/notebook.js';
import { REPORT } from '../../strings/agent.js';
import { notDone, shortReason } from './outcome-words.js';

export interface CoverArgs {
  semana: number;
  maqueta: boolean;
}

export interface NarrationArgs {
  semana: number;
  motor: 'xtts' | 'juguete';
}

/** Cover and narration not done for one reason: said once. */
const MEDIA = {
  group: 'media',
  line: (reason: string) => REPORT.mediaBothNotDone(reason === REPORT.notApproved ? REPORT.bothNotApproved : reason),
};

function weekOf(call: ReportedCall<{ semana: number }, unknown>): Week | undefined {
  const week = call.input.semana;
  return Number.isSafeInteger(week) ? (week as Week) : undefined;
}

/** The line of the last call, with the engine it ran on (the owner may have approved another). */
function mediaLine<A extends { semana: number }>(calls: readonly ReportedCall<A, unknown>[], what: 'portada' | 'narración', engine: (ran: Partial<A>) => string): string {
  const c = calls.at(-1);
  if (!c) return REPORT.mediaNotAsked(what);
  if (notDone(c.result)) return REPORT.mediaNotDone(what, shortReason(c.result));
  if (c.result.kind === 'cache') return REPORT.mediaReused(what);
  return REPORT.mediaDone(what, engine({ ...c.input, ...c.result.ranWith } as Partial<A>));
}

export const coverReport: ToolReport<CoverArgs, unknown> = {
  order: 3,
  line: (calls) => mediaLine(calls, 'portada', (ran) => (ran.maqueta === false ? 'FLUX' : 'maqueta')),
  week: weekOf,
  together: MEDIA,
  subject: (input) => input.semana,
};

export const narrationReport: ToolReport<NarrationArgs, unknown> = {
  order: 4,
  line: (calls) => mediaLine(calls, 'narración', (ran) => String(ran.motor ?? '')),
  week: weekOf,
  together: MEDIA,
  subject: (input) => input.semana,
};
