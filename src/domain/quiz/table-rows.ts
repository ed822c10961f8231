/** Markdown tables read as rows of cells (pure), for the ideas and names a lecture's tables hold. */

/** A table's rows as cells: rows one a line, or run together in one line as an import leaves them («| a | b | | c | d |»). */
export function tableRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\n')) {
    if (!/^\s*\|.*\|\s*$/u.test(line)) continue;
    for (const row of line.trim().replace(/^\||\|$/gu, '').split(/(?<!\\)\|\s+\|(?=\s)/u)) {
      const cells = row.split(/(?<!\\)\|/u).map((c) => c.trim());
      if (cells.every((c) => /^:?-{3,}:?$/u.test(c) || c === '')) continue;
      rows.push(cells);
    }
  }
  return rows;
}
