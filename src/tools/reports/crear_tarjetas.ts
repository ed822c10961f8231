/**
 * How crear_tarjetas' calls show in the closing report (docs/design.md §4), line 2 — over every call
 * of the run (a week cards each of its notes): the cards made or reused, the notes that got fewer
 * and why, the calls that failed — and what each done call adds to the run's outcome.
 */
import type { ReportedCall, ToolReport } from '../contract.js';
import { CARDS_PER_NOTE, FEWER_CARD_REASONS, type FewerCardsReason } from '../../domain/cards/build.js';
import { REPORT, type FewerCards } from '../../strings/agent.js';
import { noteIdsOf } from './buscar_notas.js';
import { idsIn, notDone, shortReason } from './outcome-words.js';

export interface CrearTarjetasArgs {
  id_nota: number;
}

/** A done call's data, as the report reads it (the tool writes more: the cards' text). */
export interface CardsData {
  id_nota?: number;
  /** Deck ids of the note's cards: made now or found made. */
  ids?: number[];
  /** Of those, the ones that were in the deck already. */
  ya_en_el_mazo?: number[];
  menos_tarjetas?: { maximo?: number; motivo?: string };
}

type CardsCall = ReportedCall<CrearTarjetasArgs, CardsData>;

export const cardsReport: ToolReport<CrearTarjetasArgs, CardsData> = {
  order: 2,
  line(calls, ctx) {
    if (calls.length > 0) return cardsLine(calls);
    // The planner searches only when cards are wanted: a search that found nothing is why none were made.
    const search = ctx.calls.filter((c) => c.name === 'buscar_notas').at(-1);
    return search && !notDone(search.result) && noteIdsOf(search.result.data).length === 0 ? REPORT.cardsNoNotes : REPORT.cardsNotAsked;
  },
  subject: (input) => input.id_nota,
  facts(call) {
    const data = call.result.data as CardsData | null | undefined;
    const cards = idsIn(data?.ids);
    const reusedCards = idsIn(data?.ya_en_el_mazo);
    const note = call.input.id_nota;
    const why = data?.menos_tarjetas?.motivo;
    const cardless = Number.isSafeInteger(note) && cards.length === 0 && reusedCards.length === 0
      ? { note: note!, ...(typeof why === 'string' ? { why } : {}) }
      : undefined;
    return { cards, reusedCards, ...(cardless ? { cardless } : {}) };
  },
};

function cardsLine(calls: readonly CardsCall[]): string {
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
  const failedNotes = failed.flatMap((c) => (Number.isSafeInteger(c.input.id_nota) ? [c.input.id_nota!] : []));
  if (failed.length === 0) return line;
  return `${line} ${failedNotes.length > 0 ? REPORT.cardsNotDoneFor(failedNotes, shortReason(failed[0]!.result)) : REPORT.cardsNotDone(shortReason(failed[0]!.result))}`;
}

/** proponer_tarjetas has no line of its own; a failed proposal for one note is not hidden by another note's. */
export const proposalsReport: ToolReport<CrearTarjetasArgs, unknown> = {
  subject: (input) => input.id_nota,
};
