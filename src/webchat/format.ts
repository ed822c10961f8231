/**
 * `parse_mode` as Telegram applies it: the markup is removed from the text and turned into
 * `entities` (offsets and lengths in UTF-16 code units, which is what JS string indices are).
 * Malformed markup is rejected with Telegram's "can't parse entities" error, so a bot that would
 * fail on the real server fails here too.
 */
import { own } from '../lib/own.js';
import type { MessageEntity } from 'grammy/types';
import { badRequest } from './params.js';

export interface Formatted {
  text: string;
  entities: MessageEntity[];
}

/** Applies `parseMode` (HTML, MarkdownV2, Markdown) or returns the text with `given` entities. */
export function applyParseMode(raw: string, parseMode: string | undefined, given?: MessageEntity[]): Formatted {
  if (parseMode === undefined || parseMode === '') return { text: raw, entities: given ?? [] };
  switch (parseMode.toLowerCase()) {
    case 'html': return parseHtml(raw);
    case 'markdownv2': return parseMarkdown(raw, true);
    case 'markdown': return parseMarkdown(raw, false);
    default: throw badRequest('unsupported parse_mode');
  }
}

const cantParse = (why: string) => badRequest(`can't parse entities: ${why}`);

type Simple = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'spoiler' | 'code' | 'pre' | 'blockquote';
const HTML_TAGS: Record<string, Simple> = {
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline', ins: 'underline',
  s: 'strikethrough', strike: 'strikethrough', del: 'strikethrough', code: 'code', pre: 'pre',
  'tg-spoiler': 'spoiler', blockquote: 'blockquote',
};
const HTML_ESCAPES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

function parseHtml(raw: string): Formatted {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: { tag: string; type: Simple | 'text_link'; offset: number; url?: string }[] = [];
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i] as string;
    if (ch === '&') {
      const m = /^&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i.exec(raw.slice(i));
      if (!m) throw cantParse(`Can't find end of the entity starting at byte offset ${i}`);
      const name = (m[1] as string).toLowerCase();
      const decoded = name.startsWith('#x') ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#') ? String.fromCodePoint(parseInt(name.slice(1), 10)) : own(HTML_ESCAPES, name);
      if (decoded === undefined) throw cantParse(`Unsupported HTML entity "${m[0]}"`);
      text += decoded;
      i += m[0].length;
    } else if (ch === '<') {
      const m = /^<(\/?)([a-z-]+)((?:\s+[a-z-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))*)\s*>/i.exec(raw.slice(i));
      if (!m) throw cantParse(`Unclosed start tag at byte offset ${i}`);
      const [whole, closing, tagRaw, attrs] = m as unknown as [string, string, string, string];
      const tag = tagRaw.toLowerCase();
      if (closing) {
        const top = open.pop();
        if (!top || top.tag !== tag) throw cantParse(`Unmatched end tag at byte offset ${i}, expected "</${top?.tag ?? ''}>", found "</${tag}>"`);
        const length = text.length - top.offset;
        if (length > 0) {
          entities.push(top.type === 'text_link'
            ? { type: 'text_link', offset: top.offset, length, url: top.url ?? '' }
            : { type: top.type, offset: top.offset, length } as MessageEntity);
        }
      } else if (tag === 'a') {
        const href = /href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
        open.push({ tag, type: 'text_link', offset: text.length, url: href ? (href[1] ?? href[2] ?? href[3]) : '' });
      } else if (tag === 'span' && /class\s*=\s*["']?tg-spoiler/i.test(attrs)) {
        open.push({ tag, type: 'spoiler', offset: text.length });
      } else if (own(HTML_TAGS, tag)) {
        open.push({ tag, type: own(HTML_TAGS, tag) as Simple, offset: text.length });
      } else {
        throw cantParse(`Unsupported start tag "${tag}" at byte offset ${i}`);
      }
      i += whole.length;
    } else {
      text += ch;
      i++;
    }
  }
  if (open.length > 0) throw cantParse(`Can't find end tag corresponding to start tag "${open[open.length - 1]?.tag}"`);
  return { text, entities: sortEntities(entities) };
}

const V2_RESERVED = '_*[]()~`>#+-=|{}.!';
const V2_MARKS: Record<string, Simple> = { '*': 'bold', _: 'italic', __: 'underline', '~': 'strikethrough', '||': 'spoiler' };

/** MarkdownV2 (strict escaping) or legacy Markdown (`*bold*`, `_italic_`, code, links only). */
function parseMarkdown(raw: string, v2: boolean): Formatted {
  let text = '';
  const entities: MessageEntity[] = [];
  const open = new Map<string, number>();
  let linkStart: number | undefined;
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i] as string;
    if (ch === '\\' && v2 && i + 1 < raw.length) {
      text += raw[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const fence = raw.startsWith('```', i);
      const end = raw.indexOf(fence ? '```' : '`', i + (fence ? 3 : 1));
      if (end < 0) throw cantParse(`Can't find end of ${fence ? 'Pre' : 'Code'} entity at byte offset ${i}`);
      let body = raw.slice(i + (fence ? 3 : 1), end);
      let language: string | undefined;
      if (fence) {
        const nl = body.indexOf('\n');
        if (nl >= 0 && /^[\w+-]+$/.test(body.slice(0, nl))) { language = body.slice(0, nl); body = body.slice(nl + 1); }
        else if (body.startsWith('\n')) body = body.slice(1);
      }
      if (v2) body = body.replace(/\\([`\\])/g, '$1');
      if (body.length > 0) {
        entities.push(fence
          ? { type: 'pre', offset: text.length, length: body.length, ...(language ? { language } : {}) }
          : { type: 'code', offset: text.length, length: body.length });
      }
      text += body;
      i = end + (fence ? 3 : 1);
      continue;
    }
    if (ch === '[' ) {
      linkStart = text.length;
      i++;
      continue;
    }
    if (ch === ']' && linkStart !== undefined && raw[i + 1] === '(') {
      const close = raw.indexOf(')', i + 2);
      if (close < 0) throw cantParse(`Can't find end of a URL at byte offset ${i}`);
      const url = raw.slice(i + 2, close).replace(/\\([)\\])/g, '$1');
      if (text.length > linkStart) entities.push({ type: 'text_link', offset: linkStart, length: text.length - linkStart, url });
      linkStart = undefined;
      i = close + 1;
      continue;
    }
    const two = raw.slice(i, i + 2);
    const mark = v2 && (two === '__' || two === '||') ? two : ch;
    const type = own(v2 ? V2_MARKS : { '*': 'bold', _: 'italic' }, mark);
    if (type) {
      const start = open.get(mark);
      if (start === undefined) open.set(mark, text.length);
      else {
        open.delete(mark);
        if (text.length > start) entities.push({ type, offset: start, length: text.length - start } as MessageEntity);
      }
      i += mark.length;
      continue;
    }
    if (v2 && V2_RESERVED.includes(ch)) throw cantParse(`Character '${ch}' is reserved and must be escaped with the preceding '\\'`);
    text += ch;
    i++;
  }
  if (open.size > 0) throw cantParse(`Can't find end of the entity starting at byte offset ${[...open.values()][0]}`);
  if (linkStart !== undefined) throw cantParse("Can't find end of a link");
  return { text, entities: sortEntities(entities) };
}

function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

/** Marks every `/command` (optionally `@botname`) in user text, as Telegram does for incoming text. */
export function commandEntities(text: string): MessageEntity[] {
  const out: MessageEntity[] = [];
  for (const m of text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?![A-Za-z0-9_@/])/g)) {
    out.push({ type: 'bot_command', offset: (m.index ?? 0) + (m[1] as string).length, length: (m[2] as string).length });
  }
  return out;
}
