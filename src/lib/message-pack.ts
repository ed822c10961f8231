/**
 * The one rule for fitting what the bot sends into Telegram's limits (issue 46, item 2): a list (a
 * header and its items) is packed into as many messages as the text limit needs, each item whole in
 * one message; a long text is split at paragraph, then line, then word boundaries; a text that must
 * stay one message is cut with «…»; a keyboard is kept under Telegram's button count. A long list
 * never fails with «message is too long» (a 44-card list did, and the student saw nothing; 500 notes
 * with emoji did too, counted in characters instead of Telegram's units). Lengths and entity
 * offsets are in UTF-16 code units, the unit Telegram measures both in. Hand-written because it is
 * a few lines over our own entity shape; no grammY plugin packs entities across messages.
 */

/** Telegram's limit for a message's text, in UTF-16 code units after entities are parsed. */
export const MESSAGE_TEXT_MAX = 4096;
/** Telegram's limit for a caption, in the same units. */
export const CAPTION_TEXT_MAX = 1024;
/** Telegram's limit of buttons in one inline keyboard (more: «reply markup is too long»). */
export const KEYBOARD_BUTTONS_MAX = 100;

export interface PackEntity { type: 'spoiler' | 'bold' | 'italic' | 'code'; offset: number; length: number }
/** One item of a list: its text and its entities, offsets relative to the item's own text. */
export interface PackItem { text: string; entities?: readonly PackEntity[] }
export interface PackedMessage {
  text: string;
  entities: PackEntity[];
  /** How many of the items this message holds (in order): the keyboard of a list's message is theirs. */
  items: number;
}

/**
 * The header, then the items separated by `sep`, cut into messages of at most `max` units and at
 * most `maxItems` items (a message whose items each carry a button keeps under Telegram's button
 * count). An item that alone exceeds the room is cut at `max` with «…» (its entities clipped to
 * what is kept).
 */
export function packMessages(header: string, items: readonly PackItem[], sep = '\n\n', max = MESSAGE_TEXT_MAX, maxItems = Number.POSITIVE_INFINITY): PackedMessage[] {
  const out: PackedMessage[] = [];
  let cur: PackedMessage = { text: header, entities: [], items: 0 };
  for (const item of items) {
    const joiner = cur.text ? sep : '';
    if (cur.text && (cur.text.length + joiner.length + item.text.length > max || cur.items >= maxItems)) {
      out.push(cur);
      cur = { text: '', entities: [], items: 0 };
    }
    const base = cur.text.length + (cur.text ? sep.length : 0);
    const room = max - base;
    const text = item.text.length <= room ? item.text : `${cutAt(item.text, room - 1)}…`;
    cur.text += (cur.text ? sep : '') + text;
    cur.items += 1;
    for (const e of item.entities ?? []) {
      const end = Math.min(e.offset + e.length, text.length);
      if (end > e.offset) cur.entities.push({ ...e, offset: base + e.offset, length: end - e.offset });
    }
  }
  if (cur.text) out.push(cur);
  return out;
}

/**
 * A long text as messages of at most `max` UTF-16 units, cut at a paragraph, else a line, else a
 * word boundary in the second half of the room, else at the limit (never inside a surrogate pair).
 */
export function splitMessage(text: string, max = MESSAGE_TEXT_MAX): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const head = cutAt(rest, max);
    let cut = head.lastIndexOf('\n\n');
    if (cut < max / 2) cut = head.lastIndexOf('\n');
    if (cut < max / 2) cut = head.lastIndexOf(' ');
    if (cut < max / 2) cut = head.length;
    out.push(head.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

/** `text` as one message: cut with «…» when over `max` UTF-16 units (for what cannot be split: an edit, a question). */
export function fitMessage(text: string, max = MESSAGE_TEXT_MAX): string {
  return text.length <= max ? text : `${cutAt(text, max - 1)}…`;
}

/**
 * Rows of buttons cut into keyboards of at most `max` buttons each, rows whole: the keyboard of
 * each message of a packed list (a row per student, per week).
 */
export function splitKeyboard<T>(rows: readonly (readonly T[])[], max = KEYBOARD_BUTTONS_MAX): T[][][] {
  const out: T[][][] = [];
  let cur: T[][] = [];
  let count = 0;
  for (const row of rows) {
    if (count + row.length > max && cur.length > 0) {
      out.push(cur);
      cur = [];
      count = 0;
    }
    cur.push(row.slice(0, max));
    count += Math.min(row.length, max);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** The first `n` UTF-16 units of `s`, never splitting a surrogate pair. */
function cutAt(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
