/**
 * Inline keyboards as pure functions, and the callback-data grammar they use.
 * Callback data carries a short opaque approval id and the hash of the exact arguments the button
 * approves (Telegram allows 64 bytes), never the arguments: a button cannot be forged into a
 * different call, a stale one cannot approve other arguments, and none leaks note text.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BUTTONS } from '../strings/chat.js';

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;
const PREFIX = 'ap';

export interface ApprovalTap {
  approvalId: string;
  approved: boolean;
  /** Args hash the button approves (absent on a no). */
  hash?: string;
}

/** `ap:<id>:<hash>:s` (sí, these exact arguments) / `ap:<id>:n` (no). */
export function approvalCallbackData(approvalId: string, approved: boolean, hash?: string): string {
  const data = approved ? `${PREFIX}:${approvalId}:${hash ?? ''}:s` : `${PREFIX}:${approvalId}:n`;
  if (Buffer.byteLength(data) > CALLBACK_DATA_MAX_BYTES) throw new RangeError(`callback data over ${CALLBACK_DATA_MAX_BYTES} bytes: ${data}`);
  return data;
}

/** Parses approval callback data; undefined for anything else (the stale-button handler answers it). */
export function parseApprovalCallback(data: string | undefined): ApprovalTap | undefined {
  const yes = /^ap:([A-Za-z0-9_-]{1,40}):([0-9a-f]{1,20}):s$/.exec(data ?? '');
  if (yes) return { approvalId: yes[1]!, approved: true, hash: yes[2]! };
  const no = /^ap:([A-Za-z0-9_-]{1,40}):n$/.exec(data ?? '');
  return no ? { approvalId: no[1]!, approved: false } : undefined;
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
  return { inline_keyboard: [[{ text: BUTTONS.noReason, callback_data: `sm:${approvalId}` }]] };
}

export function parseNoReasonCallback(data: string | undefined): string | undefined {
  return /^sm:([A-Za-z0-9_-]{1,40})$/.exec(data ?? '')?.[1];
}

/** An empty keyboard: editing a message's markup to this removes its buttons. */
export function noKeyboard(): InlineKeyboardMarkup {
  return { inline_keyboard: [] };
}

// ── quick replies ───────────────────────────────────────────────────────────────────────────

/**
 * What a quick-reply button asks for: a week's work (`p` prepare, `c` cover, `r` redo the cover,
 * `n` narrate, `v` narrate again, `t` cards of the week's topic), or a bare command.
 */
export type QuickAction = 'p' | 'c' | 'r' | 'n' | 'v' | 't';
export type QuickTap = { kind: 'semana'; action: QuickAction; week: number } | { kind: 'orden'; name: 'notas' | 'ayuda' };

/** `qr:p:3`, `qr:o:notas`. */
export function quickCallbackData(tap: QuickTap): string {
  return tap.kind === 'semana' ? `qr:${tap.action}:${tap.week}` : `qr:o:${tap.name}`;
}

export function parseQuickCallback(data: string | undefined): QuickTap | undefined {
  // Any week number a course can have (a 14-week course's «Semana 12» was read as a stale button).
  const m = /^qr:(?:([pcrnvt]):([1-9]\d{0,2})|o:(notas|ayuda))$/.exec(data ?? '');
  if (!m) return undefined;
  if (m[3]) return { kind: 'orden', name: m[3] as 'notas' | 'ayuda' };
  return { kind: 'semana', action: m[1] as QuickAction, week: Number(m[2]) };
}

/**
 * Week buttons per row: four «Semana 12» buttons fit a 390 px phone screen (seven ran off it), and a
 * four-week course stays one row.
 */
export const WEEK_BUTTONS_PER_ROW = 4;

/** Rows of week buttons (Semana 1 · 2 · 3 · 4) for `action`, plus the actions row when nothing else is known. */
export function quickKeyboard(action: QuickAction, weeks: readonly number[], withActions: boolean): InlineKeyboardMarkup {
  // At most WEEK_BUTTONS_PER_ROW a row: a 14-week course is two rows of buttons, not one too wide to tap.
  const rows: InlineKeyboardMarkup['inline_keyboard'][number][] = [];
  for (let i = 0; i < weeks.length; i += WEEK_BUTTONS_PER_ROW) {
    rows.push(weeks.slice(i, i + WEEK_BUTTONS_PER_ROW).map((week) => ({ text: BUTTONS.week(week), callback_data: quickCallbackData({ kind: 'semana', action, week }) })));
  }
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

// ── files on request ────────────────────────────────────────────────────────────────────────

/** [Descargar WAV] under an episode: `wav:3`. */
export function wavKeyboard(week: number): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.downloadWav, callback_data: `wav:${week}` }]] };
}

export function parseWavCallback(data: string | undefined): number | undefined {
  const m = /^wav:([1-9]\d{0,2})$/.exec(data ?? '');
  return m ? Number(m[1]) : undefined;
}

/** [Guardar como nota] under the answer to a too-long message: `pg:<paste id>`. */
export function pasteKeyboard(pasteId: string): InlineKeyboardMarkup {
  return { inline_keyboard: [[{ text: BUTTONS.saveAsNote, callback_data: `pg:${pasteId}` }]] };
}

export function parsePasteCallback(data: string | undefined): string | undefined {
  return /^pg:([A-Za-z0-9_-]{1,40})$/.exec(data ?? '')?.[1];
}

/**
 * Under "ya estoy trabajando en…": [Sigue con ese] [Descártalo]. An unfinished run is never thrown
 * away without the owner's word (SPEC §7); this is how the chat asks for it. `ob:<k|d>:<runId>`.
 */
export function busyKeyboard(runId: string): InlineKeyboardMarkup {
  const keep = `ob:k:${runId}`;
  if (Buffer.byteLength(keep) > CALLBACK_DATA_MAX_BYTES) return noKeyboard();
  return { inline_keyboard: [[{ text: BUTTONS.keepRun, callback_data: keep }, { text: BUTTONS.discardRun, callback_data: `ob:d:${runId}` }]] };
}

export function parseBusyCallback(data: string | undefined): { discard: boolean; runId: string } | undefined {
  const m = /^ob:([kd]):([A-Za-z0-9_-]{1,60})$/.exec(data ?? '');
  return m ? { discard: m[1] === 'd', runId: m[2]! } : undefined;
}

/**
 * Under a run's closing message: [🃏 Tarjetas] (its cards) and [📊 Cronograma] (its chart), each only
 * when the run has them. `cl:t:<runId>` / `cl:g:<runId>`: the run id is all a tap needs (the rest is
 * read from disk, files.ts), so the buttons still answer after a restart.
 */
export function closingKeyboard(runId: string, has: { cards: boolean; chart: boolean }): InlineKeyboardMarkup {
  const row: Array<{ text: string; callback_data: string }> = [];
  // A run id too long for the callback data gets no buttons (ours are ~30 bytes).
  if (Buffer.byteLength(`cl:t:${runId}`) > CALLBACK_DATA_MAX_BYTES) return noKeyboard();
  if (has.cards) row.push({ text: BUTTONS.cards, callback_data: `cl:t:${runId}` });
  if (has.chart) row.push({ text: BUTTONS.chart, callback_data: `cl:g:${runId}` });
  return row.length > 0 ? { inline_keyboard: [row] } : noKeyboard();
}

export function parseClosingCallback(data: string | undefined): { what: 'tarjetas' | 'cronograma'; runId: string } | undefined {
  const m = /^cl:([tg]):([A-Za-z0-9_-]{1,60})$/.exec(data ?? '');
  return m ? { what: m[1] === 't' ? 'tarjetas' : 'cronograma', runId: m[2]! } : undefined;
}

/** The older [Ver cronograma] (`gt:<runId>`), still under reports sent before the closing message. */
export function parseGanttCallback(data: string | undefined): string | undefined {
  return /^gt:([A-Za-z0-9_-]{1,60})$/.exec(data ?? '')?.[1];
}
