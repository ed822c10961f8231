/**
 * `registro_uso.csv`: one row per model call or `registrar_uso` call —
 * `fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave` (docs/design.md §3). It stores what ran,
 * with which model and its cost, never note contents. `origen` is set by the program (never read
 * from `tarea`): only `facturado` rows — the API's own usage — count against the budget. `clave`
 * is the effect's key (a model turn, a registrar_uso call): a row already carrying it is the effect
 * done, so a resumed run never writes it twice.
 *
 * Rows are appended with one O_APPEND write of one whole line, without a lock (concurrent writers
 * never interleave a line). The log only grows: it is read line by line over a stream, never whole,
 * so its size never blocks `uso`, `/gasto` or `registrar_uso`. The header is the only rewrite: written when the file is missing or
 * empty, or upgraded from the older six-column header, under the file's inter-process lock.
 */
import { appendFile, open } from 'node:fs/promises';
import { costUsd, PRICES_USD_PER_MTOK } from '../config.js';
import { CuadernoError, StateFileError } from '../errors.js';
import { own } from '../lib/own.js';
import { writeFileAtomic } from '../lib/atomic.js';
import { csvLine, parseCsv } from './csv.js';
import { fileLines, LineTooLongError } from './lines.js';
import { withFileLock } from './lock.js';
import { STATE } from '../strings/console.js';
import { USAGE_ORIGINS } from './types.js';
import type { UsageLog, UsageMonth, UsageOrigin, UsageRow } from './types.js';
import { STORE_PROBLEMS as P } from '../strings/state-problems.js';

/**
 * Task prefix the offline planner gives its estimates. Informative only: what counts is the
 * row's `origen`, which the program sets (a model naming a task `estimado:…` changes nothing).
 */
export const ESTIMATED_TASK_PREFIX = 'estimado:';

export const USAGE_COLUMNS = ['fecha', 'tarea', 'modelo', 'tokens_entrada', 'tokens_salida', 'coste_usd', 'origen', 'clave'] as const;
/** The header before `origen` existed: such files still load (origin inferred) and are upgraded on the next write. */
const LEGACY_COLUMNS = USAGE_COLUMNS.slice(0, 6);
/** The header with `origen` but before `clave` (rows without a key): still loads, upgraded on the next write. */
const ORIGIN_COLUMNS = USAGE_COLUMNS.slice(0, 7);
const HEADER = csvLine(USAGE_COLUMNS);

/** Dollars as written in the CSV: 8 decimals (a haiku token is 1e-7 USD), no exponent, no trailing zeros. */
export function formatUsd(usd: number): string {
  return usd.toFixed(8).replace(/\.?0+$/, '');
}

const FIX_LINE: string = STATE.usageFixLine;
const FIX_HEADER = STATE.usageFixHeader(USAGE_COLUMNS.join(','));

function corrupt(file: string, problem: string, fix = FIX_LINE): StateFileError {
  return new StateFileError('CORRUPT_STATE', file, STATE.usageCorrupt(file, problem, fix));
}

/** A row written before `origen` existed: the program's own rows were `agente:`/`estimado:`. */
function legacyOrigin(tarea: string): UsageOrigin {
  if (tarea.startsWith(ESTIMATED_TASK_PREFIX)) return 'estimado';
  return tarea.startsWith('agente:') ? 'facturado' : 'nota_del_modelo';
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The header line's columns, or a corrupt-file error naming the expected header. */
function headerColumns(file: string, header: string): readonly string[] {
  const columns = [USAGE_COLUMNS, ORIGIN_COLUMNS, LEGACY_COLUMNS].find((c) => c.join(',') === header);
  if (!columns) throw corrupt(file, P.header(USAGE_COLUMNS.join(',')), FIX_HEADER);
  return columns;
}

/** One row's fields → a checked UsageRow (`line` is 1-based, for the error). */
function toRow(file: string, columns: readonly string[], line: number, fields: string[]): UsageRow {
  const legacy = columns === LEGACY_COLUMNS;
  const width = columns.length;
  if (fields.length !== width) throw corrupt(file, P.columns(line, fields.length, width));
  const [fecha, tarea, modelo, tin, tout, coste, origen, clave] = fields as [string, string, string, string, string, string, string?, string?];
  const nums = [Number(tin), Number(tout), Number(coste)];
  if (Number.isNaN(Date.parse(fecha))) throw corrupt(file, P.date(line, fecha));
  if (!Number.isInteger(nums[0]) || !Number.isInteger(nums[1]) || !Number.isFinite(nums[2]) || tin === '' || tout === '' || coste === '') {
    throw corrupt(file, P.numbers(line));
  }
  const origin = legacy ? legacyOrigin(tarea) : (origen as UsageOrigin);
  if (!USAGE_ORIGINS.includes(origin)) {
    throw corrupt(file, P.origin(line, String(origen), USAGE_ORIGINS));
  }
  return { fecha, tarea, modelo, tokens_entrada: nums[0]!, tokens_salida: nums[1]!, coste_usd: nums[2]!, origen: origin, ...(clave ? { clave } : {}) };
}

export function parseUsageCsv(file: string, text: string): UsageRow[] {
  let rows;
  try {
    rows = parseCsv(stripBom(text));
  } catch (e) {
    throw corrupt(file, (e as Error).message);
  }
  const [head, ...body] = rows.filter((r) => !(r.fields.length === 1 && r.fields[0] === ''));
  if (!head) return [];
  const columns = headerColumns(file, head.fields.join(','));
  return body.map((r) => toRow(file, columns, r.line, r.fields));
}

/**
 * The rows of `file`, read line by line over a stream (never the whole file: a log of any size is
 * read in bounded memory). Rows are one line each (csvField folds line breaks). A missing file has
 * no rows; a damaged line is reported like parseUsageCsv does.
 */
export async function* usageRows(file: string): AsyncGenerator<UsageRow> {
  let columns: readonly string[] | undefined;
  try {
    for await (const { n, text, whole } of fileLines(file, { missingOk: true })) {
      const line = n === 1 ? stripBom(text) : text;
      if (line === '' || line === '\r') continue;
      // Every row is written whole with its line end: one without it was cut mid-write, and its
      // last field (the key that makes a row exactly-once) may be cut short yet still parse.
      if (!whole && columns) throw corrupt(file, P.cutLine(n));
      let fields: string[];
      try {
        // Most rows have no quoted field: split them directly (the log can hold millions of rows).
        fields = line.includes('"') ? parseCsv(line)[0]?.fields ?? [''] : line.replace(/\r$/, '').split(',');
      } catch (e) {
        throw corrupt(file, (e as Error).message.replace(/línea \d+/, `línea ${n}`));
      }
      if (!columns) columns = headerColumns(file, fields.join(','));
      else yield toRow(file, columns, n, fields);
    }
  } catch (e) {
    if (e instanceof LineTooLongError) throw corrupt(file, P.longLine(e.line));
    throw notAFolder(file, e);
  }
}

/** A folder where the log should be (made by hand, or by a bad copy): one sentence, never a raw EISDIR. */
function notAFolder(file: string, e: unknown): unknown {
  return (e as NodeJS.ErrnoException).code === 'EISDIR' ? new StateFileError('CORRUPT_STATE', file, STATE.folderNotFile(file)) : e;
}

function rowLine(row: UsageRow): string {
  return csvLine(USAGE_COLUMNS.map((c) => (c === 'coste_usd' ? formatUsd(row.coste_usd) : c === 'clave' ? row.clave ?? '' : row[c])));
}

export function createUsageLog(file: string, prices: typeof PRICES_USD_PER_MTOK = PRICES_USD_PER_MTOK): UsageLog {
  /** The first line (the header) and whether the file ends with a line break, without reading it whole. */
  async function edges(): Promise<{ first: string; empty: boolean; endsWithNewline: boolean }> {
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { first: '', empty: true, endsWithNewline: true };
      throw notAFolder(file, e);
    }
    try {
      const stats = await handle.stat();
      if (stats.isDirectory()) throw notAFolder(file, Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
      const { size } = stats;
      const head = Buffer.alloc(Math.min(size, 4096));
      await handle.read(head, 0, head.length, 0);
      const last = Buffer.alloc(1);
      if (size > 0) await handle.read(last, 0, 1, size - 1);
      const text = head.toString('utf8');
      const nl = text.indexOf('\n');
      return { first: nl === -1 ? text : text.slice(0, nl + 1), empty: size === 0, endsWithNewline: size === 0 || last[0] === 0x0a };
    } finally {
      await handle.close();
    }
  }

  const needsHeader = (first: string) => !stripBom(first).startsWith(HEADER);

  /**
   * Makes the file start with the current header: creates it, gives an empty file its header back,
   * upgrades an older header (every row keeps its figures, `origen` inferred; the only time the file
   * is rewritten, row by row). Never drops a row; a file it cannot read is reported, not rewritten.
   */
  async function ensureHeader(): Promise<void> {
    if (!needsHeader((await edges()).first)) return;
    await withFileLock(file, async () => {
      if (!needsHeader((await edges()).first)) return;
      const lines: string[] = [];
      for await (const row of usageRows(file)) lines.push(rowLine(row));
      await writeFileAtomic(file, HEADER + lines.join(''));
    });
  }

  const list = async () => {
    const rows: UsageRow[] = [];
    for await (const row of usageRows(file)) rows.push(row);
    return rows;
  };

  /** summarizeUsage over the rows `keep` accepts, streamed. */
  async function summarizeWhere(keep: (r: UsageRow) => boolean): Promise<UsageMonth> {
    const sum = usageSummer();
    for await (const row of usageRows(file)) if (keep(row)) sum.add(row);
    return sum.result();
  }

  async function month(date: Date): Promise<UsageMonth> {
    const ym = date.toISOString().slice(0, 7);
    return summarizeWhere((r) => new Date(r.fecha).toISOString().slice(0, 7) === ym);
  }

  async function ofRun(key: string): Promise<UsageMonth> {
    return summarizeWhere((r) => r.clave?.startsWith(`${key}#`) === true);
  }

  return {
    list,
    rows: () => usageRows(file),
    append: async (input) => {
      const price = own(prices, input.modelo);
      if (!price) {
        throw new CuadernoError('VALIDATION', P.noPrice(input.modelo, Object.keys(prices)), { field: 'modelo' });
      }
      if (!USAGE_ORIGINS.includes(input.origen)) throw new CuadernoError('VALIDATION', P.badOrigin(String(input.origen)), { field: 'origen' });
      // The last line of defence for what callers checked already: a row is never negative or fractional.
      for (const field of ['tokens_entrada', 'tokens_salida'] as const) {
        const v = input[field];
        if (!Number.isSafeInteger(v) || v < 0) throw new CuadernoError('VALIDATION', P.notCount(field, String(v)), { field });
      }
      const row: UsageRow = {
        fecha: (input.fecha ?? new Date()).toISOString(),
        tarea: input.tarea,
        modelo: input.modelo,
        tokens_entrada: input.tokens_entrada,
        tokens_salida: input.tokens_salida,
        coste_usd: Number(formatUsd(costUsd(input.modelo, input.tokens_entrada, input.tokens_salida, prices))),
        origen: input.origen,
        ...(input.clave ? { clave: input.clave } : {}),
      };
      await ensureHeader();
      const write = async (): Promise<UsageRow> => {
        // Refuse to append onto a broken file: the owner must see the problem, not bury it. The
        // rows are streamed: checking a log of any size holds one line at a time.
        let done: UsageRow | undefined;
        for await (const r of usageRows(file)) if (input.clave && !done && r.clave === input.clave) done = r;
        // Exactly once: a row already carrying this key is the effect, done before (a resumed run).
        if (done) return done;
        const sep = (await edges()).endsWithNewline ? '' : '\n';
        await appendFile(file, sep + rowLine(row));
        return row;
      };
      // A keyed row is looked up and appended under the lock, so two writers never both add it.
      return input.clave ? withFileLock(file, write) : write();
    },
    monthTotal: async (date) => (await month(date)).billedUsd,
    month,
    ofRun,
  };
}

/**
 * Rows → figures split by origin: the ONE function behind /gasto (a month's rows) and each
 * report's cost line (one run's rows), so the two can never disagree. Only `facturado` costs money.
 */
export function summarizeUsage(rows: readonly UsageRow[]): UsageMonth {
  const sum = usageSummer();
  for (const r of rows) sum.add(r);
  return sum.result();
}

/** summarizeUsage one row at a time (for rows streamed from a log of any size). */
export function usageSummer(): { add(row: UsageRow): void; result(): UsageMonth } {
  const tokens = { facturado: 0, estimado: 0, nota_del_modelo: 0 };
  const usd = { facturado: 0, estimado: 0, nota_del_modelo: 0 };
  let notes = 0;
  return {
    add: (r) => {
      tokens[r.origen] += r.tokens_entrada + r.tokens_salida;
      usd[r.origen] += r.coste_usd;
      if (r.origen === 'nota_del_modelo') notes += 1;
    },
    result: () => ({
      billedUsd: Number(formatUsd(usd.facturado)),
      billedTokens: tokens.facturado,
      estimatedTokens: tokens.estimado,
      modelNotes: { rows: notes, usd: Number(formatUsd(usd.nota_del_modelo)) },
    }),
  };
}
