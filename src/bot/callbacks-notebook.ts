/**
 * The buttons of the notebook in the student's hands (callbacks.ts holds the registry): a note and
 * its cards one by one (bot/notes-chat.ts), the student's time zone and the reminder asked in words
 * (bot/student-clock.ts, reminder-wish.ts), and reading a document again (bot/reread.ts).
 */
import { kind } from './callback-kind.js';

// ── Notes and cards one by one (issue 46 item 1): bot/notes-chat.ts ──────────────────────────

/**
 * A note's buttons: the list's pages (`week` 0 = every week), a note shown whole, and what may be
 * done to it. Moving and deleting are the notebook owner's; looking is any member's; a correction
 * is the asker's (and audited).
 */
export type NoteTap =
  | { kind: 'page'; page: number; week: number }
  | { kind: 'open' | 'moveAsk' | 'edit' | 'deleteAsk' | 'delete' | 'keep' | 'cards' | 'dropCards' | 'keepCards' | 'stay' | 'redoCards' | 'keepOldCards'; note: number }
  | { kind: 'move'; note: number; week: number };
const NOTE_LETTER = { open: 'v', moveAsk: 'w', edit: 'e', deleteAsk: 'd', delete: 'D', keep: 'k', cards: 'c', dropCards: 'X', keepCards: 'K', stay: 's', redoCards: 'R', keepOldCards: 'O' } as const;
const NOTE_OWNER_KINDS: ReadonlySet<NoteTap['kind']> = new Set(['moveAsk', 'move', 'deleteAsk', 'delete', 'dropCards', 'redoCards']);
/** `nt:p:<page>:<week>`, `nt:m:<note>:<week>` (0: no week), `nt:<letter>:<note>`. */
const note = kind<NoteTap>({
  name: 'nota',
  role: (t) => (NOTE_OWNER_KINDS.has(t.kind) ? 'owner' : t.kind === 'open' || t.kind === 'cards' ? 'member' : 'requester'),
  wires: [{
    version: 1,
    prefix: 'nt',
    format: (t) => (t.kind === 'page' ? `nt:p:${t.page}:${t.week}` : t.kind === 'move' ? `nt:m:${t.note}:${t.week}` : `nt:${NOTE_LETTER[t.kind]}:${t.note}`),
    parse(data) {
      const m = /^nt:([pmvwedDkcXKsRO]):([1-9]\d{0,8})(?::(\d{1,3}))?$/.exec(data);
      if (!m) return undefined;
      const n = Number(m[2]);
      if ((m[1] === 'p' || m[1] === 'm') !== (m[3] !== undefined)) return undefined;
      if (m[1] === 'p') return { kind: 'page', page: n, week: Number(m[3]) };
      if (m[1] === 'm') return { kind: 'move', note: n, week: Number(m[3]) };
      const k = (Object.keys(NOTE_LETTER) as Array<keyof typeof NOTE_LETTER>).find((x) => NOTE_LETTER[x] === m[1])!;
      return { kind: k, note: n };
    },
  }],
});

// ── the student's clock and the reminder asked in words (issue 46, items 4 and 6) ──────────────

/** A time zone button: `tz:<IANA zone>`, with the hour of the reminder it also sets (`tz:Europe/Madrid:0900`). */
export interface ZoneTap { zone: string; hour?: string }
const zone = kind<ZoneTap>({
  name: 'zona horaria',
  role: 'owner',
  wires: [{
    version: 1,
    prefix: 'tz',
    format: (t) => `tz:${t.zone}${t.hour ? `:${t.hour.replace(':', '')}` : ''}`,
    parse: (d) => {
      const m = /^tz:([A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2})(?::([01]\d|2[0-3])([0-5]\d))?$/.exec(d);
      return m ? { zone: m[1]!, ...(m[2] ? { hour: `${m[2]}:${m[3]}` } : {}) } : undefined;
    },
  }],
});

/** One card of a note: `nc:<e|d|D|k>:<card>` — correct it, ask to delete it, delete it (the owner's), keep it. */
export type NoteCardTap = { kind: 'edit' | 'deleteAsk' | 'delete' | 'keep'; card: number };
const NOTE_CARD_LETTER = { edit: 'e', deleteAsk: 'd', delete: 'D', keep: 'k' } as const;
const noteCard = kind<NoteCardTap>({
  name: 'tarjeta de una nota',
  role: (t) => (t.kind === 'deleteAsk' || t.kind === 'delete' ? 'owner' : 'requester'),
  wires: [{
    version: 1,
    prefix: 'nc',
    format: (t) => `nc:${NOTE_CARD_LETTER[t.kind]}:${t.card}`,
    parse(data) {
      const m = /^nc:([edDk]):([1-9]\d{0,8})$/.exec(data);
      if (!m) return undefined;
      const k = (Object.keys(NOTE_CARD_LETTER) as Array<keyof typeof NOTE_CARD_LETTER>).find((x) => NOTE_CARD_LETTER[x] === m[1])!;
      return { kind: k, card: Number(m[2]) };
    },
  }],
});

/** The one-tap answer to a reminder proposed from words: `rw:s:0900` sets it at 09:00, `rw:n` declines. */
export type ReminderTap = { set: true; hour: string } | { set: false };
const reminderWish = kind<ReminderTap>({
  name: 'recordatorio propuesto',
  role: 'owner',
  wires: [{
    version: 1,
    prefix: 'rw',
    format: (t) => (t.set ? `rw:s:${t.hour.replace(':', '')}` : 'rw:n'),
    parse: (d) => {
      if (d === 'rw:n') return { set: false };
      const m = /^rw:s:([01]\d|2[0-3])([0-5]\d)$/.exec(d);
      return m ? { set: true, hour: `${m[1]}:${m[2]}` } : undefined;
    },
  }],
});

/** «Leer de nuevo» (issue 43 §7, bot/reread.ts): `rl:<r|s|d>:<key>` reads a document again, saves, leaves it; `rl:<k|b>:<key>:<card>` keeps or deletes a card to review. */
export type RereadTap = { kind: 'leer' | 'guardar' | 'descartar'; key: string } | { kind: 'conservar' | 'borrar'; key: string; card: number };
const REREAD_CODES = { leer: 'r', guardar: 's', descartar: 'd', conservar: 'k', borrar: 'b' } as const;
const reread = kind<RereadTap>({ name: 'leer de nuevo', role: 'owner', wires: [{ version: 1, prefix: 'rl', format: (t) => `rl:${REREAD_CODES[t.kind]}:${t.key}${'card' in t ? `:${t.card}` : ''}`, parse: (d) => {
  const m = /^rl:([rsdkb]):([0-9a-f]{8,64})(?::([1-9]\d{0,8}))?$/.exec(d);
  const k = m && (Object.keys(REREAD_CODES) as (keyof typeof REREAD_CODES)[]).find((x) => REREAD_CODES[x] === m[1]);
  if (!m || !k) return undefined;
  if (k === 'conservar' || k === 'borrar') return m[3] ? { kind: k, key: m[2]!, card: Number(m[3]) } : undefined;
  return m[3] ? undefined : { kind: k, key: m[2]! };
} }] });

export { note, noteCard, zone, reminderWish, reread };
