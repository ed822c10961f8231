/**
 * A student's fixes of single misread words in an imported text (pure): «eCoSistema → ecosistema»,
 * one a line, in a reply to the proposal. On a phone, retyping a page to mend two words is what
 * nobody does; naming the word and its fix is.
 */
import { escapeRegExp } from '../../lib/regexp.js';

export interface WordFix { from: string; to: string }

/** Arrows a student types between a word and its fix. */
const ARROW = /^\s*(.+?)\s*(?:→|->|=>)\s*(.+?)\s*$/u;
/** Quotes a student may put around either side. */
const QUOTES = /^[«"“'‘]+|[»"”'’]+$/gu;

/** The fixes in a reply where every non-empty line is «word → fix»; undefined when it is a text of its own. */
export function parseWordFixes(reply: string): WordFix[] | undefined {
  const lines = reply.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return undefined;
  const fixes: WordFix[] = [];
  for (const l of lines) {
    const m = ARROW.exec(l);
    if (!m) return undefined;
    const from = m[1]!.replace(QUOTES, '').trim();
    const to = m[2]!.replace(QUOTES, '').trim();
    if (!from || !to) return undefined;
    fixes.push({ from, to });
  }
  return fixes;
}

/** `from` standing whole: not inside a longer word. */
const whole = (from: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(from)}(?![\\p{L}\\p{N}])`, 'gu');

/**
 * `text` with each fix applied wherever its word stands whole; `pageStarts` (offsets of pages in the
 * text) moved by what the fixes before them added or took; `missing`: the words not in the text.
 */
export function replaceWords(text: string, pageStarts: readonly number[] | undefined, fixes: readonly WordFix[]): { text: string; pageStarts?: number[]; missing: string[] } {
  let out = text;
  let starts = pageStarts ? [...pageStarts] : undefined;
  const missing: string[] = [];
  for (const f of fixes) {
    const hits = [...out.matchAll(whole(f.from))];
    if (hits.length === 0) {
      missing.push(f.from);
      continue;
    }
    const delta = f.to.length - f.from.length;
    if (starts) starts = starts.map((s) => s + delta * hits.filter((h) => h.index < s).length);
    out = out.replace(whole(f.from), () => f.to);
  }
  return { text: out, ...(starts ? { pageStarts: starts } : {}), missing };
}
