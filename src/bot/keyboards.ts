/**
 * Inline keyboards as pure functions; their callback data is written by the registry (callbacks.ts).
 * Callback data carries a short opaque approval id and the hash of the exact arguments the button
 * approves (Telegram allows 64 bytes), never the arguments: a button cannot be forged into a
 * different call, a stale one cannot approve other arguments, and none leaks note text.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BUTTONS } from '../strings/chat.js';
import { REPEAT } from '../strings/repeat.js';
import { CALLBACKS, formatIfFits, type QuickAction, type QuickTap } from './callbacks.js';

export { CALLBACK_DATA_MAX_BYTES, type ApprovalTap, type QuickAction, type QuickTap } from './callbacks.js';

/** `ap:<id>:<hash>:s` (sí, these exact arguments) / `ap:<id>:n` (no); callbacks.ts declares it. */
export function approvalCallbackData(approvalId: string, approved: boolean, hash?: string): string {
  return CALLBACKS.approval.format({ approvalId, approved, ...(hash !== undefined ? { hash } : {}) });
}

/**
 * [✅ Aprobar] [❌ Rechazar] for one pending approval, then one row per alternative the schema
 * allows ([✅ Aprobar con voz sintética]). `options[0]` is the proposal itself.
 */
export function approvalKeyboard(approvalId: string, options: ReadonlyArray<{ hash: string; label?: string; blocked?: boolean }>): InlineKeyboardMarkup {
  const [proposal, ...alternatives] = options;
  // An option whose dry run says it cannot work gets no Aprobar: the owner can only say no, or pick
  // an alternative that can.
  return {
    inline_keyboard: [
      [
        ...(proposal?.blocked ? [] : [{ text: BUTTONS.approve, callback_data: approvalCallbackData(approvalId, true, proposal?.hash) }]),
        { text: BUTTONS.reject, callback_data: approvalCallbackData(approvalId, false) },
      ],
      ...alternatives.filter((o) => !o.blocked).map((o) => [{ text: BUTTONS.approveWith(o.label ?? '…'), callback_data: approvalCallbackData(approvalId, true, o.hash) }]),
    ],
  };
}

/** `sm:<approvalId>`: go on without a reason for this no («Seguir sin motivo»). */
export function noReasonKeyboard(approvalId: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.noReason, callback_data: CALLBACKS.noReason.format(approvalId) }]] };
}

/** An empty keyboard: editing a message's markup to this removes its buttons. */
export function noKeyboard(): InlineKeyboardMarkup {
  return { inline_keyboard: [] };
}

// ── quick replies ───────────────────────────────────────────────────────────────────────────

/** `qr:p:3`, `qr:o:notas`. */
export function quickCallbackData(tap: QuickTap): string {
  return CALLBACKS.quick.format(tap);
}

/**
 * Week buttons per row: four «Semana 12» buttons fit a 390 px phone screen (seven ran off it), and a
 * four-week course stays one row.
 */
export const WEEK_BUTTONS_PER_ROW = 4;

/**
 * The one labelling of every week picker (question back, import proposal, moving a note): with
 * `topic` (the week's title in the course) «3 · Termodinámica», one a row, so a student who does not
 * know their weeks by number picks by subject; without, «Semana 3», WEEK_BUTTONS_PER_ROW a row (a
 * 14-week course is rows of buttons, not one too wide to tap).
 */
export function weekPickerRows<B>(weeks: readonly number[], button: (week: number, text: string) => B, topic?: (week: number) => string): B[][] {
  const perRow = topic ? 1 : WEEK_BUTTONS_PER_ROW;
  const rows: B[][] = [];
  for (let i = 0; i < weeks.length; i += perRow) rows.push(weeks.slice(i, i + perRow).map((week) => button(week, topic ? BUTTONS.weekTitled(week, topic(week)) : BUTTONS.week(week))));
  return rows;
}

/**
 * Rows of week buttons for `action`, plus the actions row when nothing else is known. With `topic`
 * (the week's title in the course) each button names its week — «3 · Termodinámica», one a
 * row, so a student who does not know their weeks by number picks by subject; without, «Semana 3»,
 * WEEK_BUTTONS_PER_ROW a row.
 */
export function quickKeyboard(action: QuickAction, weeks: readonly number[], withActions: boolean, topic?: (week: number) => string): InlineKeyboardMarkup {
  const rows = weekPickerRows(weeks, (week, text) => ({ text, callback_data: quickCallbackData({ kind: 'semana', action, week }) }), topic);
  if (withActions) {
    rows.push([
      { text: BUTTONS.myNotes, callback_data: quickCallbackData({ kind: 'orden', name: 'notas' }) },
      { text: BUTTONS.help, callback_data: quickCallbackData({ kind: 'orden', name: 'ayuda' }) },
    ]);
  }
  return { inline_keyboard: rows };
}

/** Under «this week has no notes yet»: [Haz solo la portada], the quick reply «haz la portada de la semana N». */
export function coverOnlyKeyboard(week: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.coverOnly, callback_data: quickCallbackData({ kind: 'semana', action: 'c', week }) }]] };
}

/** Under a repeat's pointer to a cover or a narration: [Hazme otra portada] / [Vuelve a narrarla]. */
export function redoKeyboard(kind: 'imagen' | 'audio', week: number): InlineKeyboardMarkup {
  const action: QuickAction = kind === 'imagen' ? 'r' : 'v';
  return { inline_keyboard: [[{ text: kind === 'imagen' ? BUTTONS.redoCover : BUTTONS.redoNarration, callback_data: quickCallbackData({ kind: 'semana', action, week }) }]] };
}

/**
 * Under a repeat's one message (repeat.ts): redo the cover, narrate again, and the cards of the notes
 * that are new since — only when there are some (a redo of cards the deck already holds adds nothing).
 */
export function repeatKeyboard(week: number, has: { cover: boolean; episode: boolean; newCards: number }): InlineKeyboardMarkup {
  const tap = (action: QuickAction) => quickCallbackData({ kind: 'semana', action, week });
  const row = [
    ...(has.cover ? [{ text: REPEAT.redoCover, callback_data: tap('r') }] : []),
    ...(has.episode ? [{ text: REPEAT.redoEpisode, callback_data: tap('v') }] : []),
  ];
  const rows = [row, ...(has.newCards > 0 ? [[{ text: REPEAT.cardsOfNew(has.newCards), callback_data: tap('t') }]] : [])].filter((r) => r.length > 0);
  return { inline_keyboard: rows };
}

// ── files on request ────────────────────────────────────────────────────────────────────────

/** [Descargar WAV] under an episode: `wav:3`. */
export function wavKeyboard(week: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.downloadWav, callback_data: CALLBACKS.wav.format(week) }]] };
}

/** [Guardar como nota] under the answer to a too-long message: `pg:<paste id>`. */
export function pasteKeyboard(pasteId: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.saveAsNote, callback_data: CALLBACKS.paste.format(pasteId) }]] };
}

/**
 * Under "ya estoy trabajando en…": [Sigue con ese] [Descártalo]. An unfinished run is never thrown
 * away without the owner's word (docs/design.md §7); this is how the chat asks for it. `ob:<k|d>:<runId>`.
 */
export function busyKeyboard(runId: string): InlineKeyboardMarkup {
  const keep = formatIfFits(CALLBACKS.busy, { discard: false, runId });
  const discard = formatIfFits(CALLBACKS.busy, { discard: true, runId });
  if (keep === undefined || discard === undefined) return noKeyboard();
  return { inline_keyboard: [[{ text: BUTTONS.keepRun, callback_data: keep }, { text: BUTTONS.discardRun, callback_data: discard }]] };
}

/**
 * Under a run's closing message: [🃏 Tarjetas] (its cards) and [📊 Cronograma] (its chart), each only
 * when the run has them. `cl:t:<runId>` / `cl:g:<runId>`: the run id is all a tap needs (the rest is
 * read from disk, files.ts), so the buttons still answer after a restart.
 */
export function closingKeyboard(runId: string, has: { cards: boolean; chart: boolean }): InlineKeyboardMarkup {
  const row: Array<{ text: string; callback_data: string }> = [];
  const cards = formatIfFits(CALLBACKS.closing, { what: 'tarjetas', runId });
  const chart = formatIfFits(CALLBACKS.closing, { what: 'cronograma', runId });
  // A run id too long for the callback data gets no buttons (ours are ~30 bytes).
  if (cards === undefined || chart === undefined) return noKeyboard();
  if (has.cards) row.push({ text: BUTTONS.cards, callback_data: cards });
  if (has.chart) row.push({ text: BUTTONS.chart, callback_data: chart });
  return row.length > 0 ? { inline_keyboard: [row] } : noKeyboard();
}
