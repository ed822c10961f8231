/** Minimal RFC 4180 CSV: quote fields that need it; parse quoted fields (with "" escapes). Pure. */
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/**
 * Escapes one field. Line breaks are folded to spaces so one row stays one line for `grep`/`tail`,
 * and a leading = + - @ gets a `'` so a spreadsheet never runs model-written text as a formula.
 */
export function csvField(value: string | number): string {
  let s = String(value).replace(/[\r\n]+/g, ' ');
  if (typeof value === 'string' && /^[=+\-@\t]/.test(s)) s = `'${s}`;
  return /[",]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly (string | number)[]): string {
  return `${values.map(csvField).join(',')}\n`;
}

/**
 * Parses CSV text into rows of fields. Throws `Error` with a 1-based line number on an unclosed
 * quote or garbage after a closing quote. A final line without `\n` is still a row.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let i = 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error(P.openQuotes(start));
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          throw new Error(P.afterQuotes(line));
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      }
      fields.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      break;
    }
    rows.push({ line: start, fields });
    line++;
  }
  return rows;
}
