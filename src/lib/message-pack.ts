/**
 * Packs a list (a header and its items) into as many messages as Telegram's text limit needs, each
 * item whole in one message: a long list never fails with «message is too long» (a 44-card list
 * did, and the student saw nothing). Lengths and entity offsets are in UTF-16 code units, the unit
 * Telegram measures both in. Hand-written because it is a few lines over our own entity shape; no
 * grammY plugin packs entities across messages.
 */

/** Telegram's limit for a message's text, in UTF-16 code units after entities are parsed. */
export const MESSAGE_TEXT_MAX = 4096;

export interface PackEntity { type: 'spoiler' | 'bold' | 'italic' | 'code'; offset: number; length: number }
/** One item of a list: its text and its entities, offsets relative to the item's own text. */
export interface PackItem { text: string; entities?: readonly PackEntity[] }
export interface PackedMessage { text: string; entities: PackEntity[] }

/**
 * The header, then the items separated by `sep`, cut into messages of at most `max` units. An item
 * that alone exceeds the room is cut at `max` with «…» (its entities clipped to what is kept).
 */
export function packMessages(header: string, items: readonly PackItem[], sep = '\n\n', max = MESSAGE_TEXT_MAX): PackedMessage[] {
  const out: PackedMessage[] = [];
  let cur: PackedMessage = { text: header, entities: [] };
  for (const item of items) {
    const joiner = cur.text ? sep : '';
    if (cur.text && cur.text.length + joiner.length + item.text.length > max) {
      out.push(cur);
      cur = { text: '', entities: [] };
    }
    const base = cur.text.length + (cur.text ? sep.length : 0);
    const room = max - base;
    const text = item.text.length <= room ? item.text : `${cutAt(item.text, room - 1)}…`;
    cur.text += (cur.text ? sep : '') + text;
    for (const e of item.entities ?? []) {
      const end = Math.min(e.offset + e.length, text.length);
      if (end > e.offset) cur.entities.push({ ...e, offset: base + e.offset, length: end - e.offset });
    }
  }
  if (cur.text) out.push(cur);
  return out;
}

/** The first `n` UTF-16 units of `s`, never splitting a surrogate pair. */
function cutAt(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
