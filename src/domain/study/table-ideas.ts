/**
 * The rows of a table as key ideas (docs/design.md §3): a table with a header says, row by row,
 * what goes with what («Pintor | Obra clave | Rasgo»). Each row is asked by its most descriptive
 * column and answered with its naming column: «(Pintores) Rasgo característico: escenas íntimas de
 * mujeres y niños. ¿Pintor?» → «Berthe Morisot». Pure.
 */

export interface TableRow {
  /** Offset of the row's line in the text (one card a row). */
  at: number;
  /** The row as written, without its pipes (what the card is grounded in). */
  line: string;
  /** The naming column's cell: the answer. */
  name: string;
  question: string;
}

const clean = (c: string) => c.replace(/\\\|/g, '|').replace(/\*\*|__|(?<![\p{L}\d])\*|\*(?![\p{L}\d])/gu, '').trim();
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** A cell that names something: it opens with a letter and is a short phrase (not a formula, a number or a sentence). */
const naming = (c: string) => /^\p{L}/u.test(c) && /\p{Ll}/u.test(c) && words(c) <= 5 && !/[=<>→]/u.test(c);
const SEPARATOR_CELL = /^:?-{3,}:?$/u;

/**
 * The header and rows of a pipe table written as lines, or flattened into one line by the reader
 * («| a | b | |---|---| | c | d |»): the cells in order, rows told apart by the header's width.
 */
function parseTable(run: string): { header: string[]; rows: Array<{ cells: string[]; first: string }> } | undefined {
  const tokens = run.trim().replace(/^\|/u, '').replace(/\|$/u, '').split(/(?<!\\)\|/u).map((t) => t.trim());
  const sep = tokens.findIndex((t) => SEPARATOR_CELL.test(t));
  if (sep < 1) return undefined;
  // Flattened, an empty token stands between two rows («… | |---…»); written as lines, none does.
  const flat = tokens[sep - 1] === '';
  const n = flat ? sep - 1 : sep;
  const header = tokens.slice(0, n).map(clean);
  let i = sep;
  while (i < tokens.length && SEPARATOR_CELL.test(tokens[i]!)) i++;
  const rows: Array<{ cells: string[]; first: string }> = [];
  while (i < tokens.length) {
    if (flat && tokens[i] === '') i++;
    const row = tokens.slice(i, i + n);
    if (row.length < n) break;
    rows.push({ cells: row.map(clean), first: row[0]! });
    i += n;
  }
  return { header, rows };
}

/** The rows of every headed pipe table in `text`, each asked by its most descriptive column. */
export function tableRows(text: string, cue?: string): TableRow[] {
  const out: TableRow[] = [];
  // A table is a run of lines that open with a pipe (the reader may have joined them into one).
  for (const m of text.matchAll(/(?:^|\n)(\|[^\n]*(?:\n\|[^\n]*)*)/gu)) {
    const run = m[1]!;
    const runAt = m.index + m[0].length - run.length;
    const table = parseTable(run.replace(/\n/g, ' '));
    if (!table || table.rows.length < 2 || table.header.some((h) => !h)) continue;
    const { header, rows } = table;
    // The naming column: the first whose every cell names something, each cell a different one.
    const key = header.findIndex((_, c) => rows.every((r) => naming(r.cells[c]!)) && new Set(rows.map((r) => r.cells[c]!.toLocaleLowerCase('es'))).size === rows.length);
    if (key < 0) continue;
    // The column asked by: the most descriptive (longest on average) of the others whose cells say something.
    let ask = -1;
    let best = 0;
    header.forEach((_, c) => {
      if (c === key || !rows.every((r) => (r.cells[c]!.match(/\p{L}{2,}/gu) ?? []).length >= 2)) return;
      const mean = rows.reduce((s, r) => s + r.cells[c]!.length, 0) / rows.length;
      if (mean > best) [ask, best] = [c, mean];
    });
    if (ask < 0 || new Set(rows.map((r) => r.cells[ask]!)).size < rows.length) continue;
    let from = 0;
    for (const r of rows) {
      const at = run.indexOf(r.first, from);
      from = at < 0 ? from : at + r.first.length;
      const q = `${cue ? `(${cue}) ` : ''}${header[ask]}: ${r.cells[ask]!.replace(/[.]$/u, '')}. ¿${header[key]}?`;
      out.push({ at: runAt + Math.max(at, 0), line: r.cells.join(' · '), name: r.cells[key]!, question: q });
    }
  }
  return out;
}
