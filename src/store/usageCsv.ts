/**
 * `registro_uso.csv`: one row per model call or `registrar_uso` call —
 * `fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd,origen,clave` (SPEC §3). It stores what ran,
 * with which model and its cost, never note contents. `origen` is set by the program (never read
 * from `tarea`): only `facturado` rows — the API's own usage — count against the budget. `clave`
 * is the effect's key (a model turn, a registrar_uso call): a row already carrying it is the effect
 * done, so a resumed run never writes it twice.
 *
 * Rows are appended with one O_APPEND write of one whole line, without a lock (concurrent writers
 * never interleave a line). The header is the only rewrite: written when the file is missing or
 * empty, or upgraded from the older six-column header, under the file's inter-process lock.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { costUsd, PRICES_USD_PER_MTOK } from '../config.js';
import { CuadernoError, StateFileError } from '../errors.js';
import { own } from '../lib/own.js';
import { writeFileAtomic } from './atomic.js';
import { csvLine, parseCsv } from './csv.js';
import { withFileLock } from './lock.js';
import { STATE } from '../strings/console.js';
import { USAGE_ORIGINS } from './types.js';
import type { UsageLog, UsageMonth, UsageOrigin, UsageRow } from './types.js';

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

export function parseUsageCsv(file: string, text: string): UsageRow[] {
  let rows;
  try {
    rows = parseCsv(stripBom(text));
  } catch (e) {
    throw corrupt(file, (e as Error).message);
  }
  const [head, ...body] = rows.filter((r) => !(r.fields.length === 1 && r.fields[0] === ''));
  if (!head) return [];
  const header = head.fields.join(',');
  const columns = [USAGE_COLUMNS, ORIGIN_COLUMNS, LEGACY_COLUMNS].find((c) => c.join(',') === header);
  if (!columns) {
    throw corrupt(file, `la primera línea debería ser la cabecera "${USAGE_COLUMNS.join(',')}"`, FIX_HEADER);
  }
  const legacy = columns === LEGACY_COLUMNS;
  const width = columns.length;
  return body.map((r) => {
    if (r.fields.length !== width) throw corrupt(file, `la línea ${r.line} tiene ${r.fields.length} columnas en vez de ${width}`);
    const [fecha, tarea, modelo, tin, tout, coste, origen, clave] = r.fields as [string, string, string, string, string, string, string?, string?];
    const nums = [Number(tin), Number(tout), Number(coste)];
    if (Number.isNaN(Date.parse(fecha))) throw corrupt(file, `la línea ${r.line} tiene una fecha no válida ("${fecha}")`);
    if (!Number.isInteger(nums[0]) || !Number.isInteger(nums[1]) || !Number.isFinite(nums[2]) || tin === '' || tout === '' || coste === '') {
      throw corrupt(file, `la línea ${r.line} tiene tokens o coste que no son números`);
    }
    const origin = legacy ? legacyOrigin(tarea) : (origen as UsageOrigin);
    if (!USAGE_ORIGINS.includes(origin)) {
      throw corrupt(file, `la línea ${r.line} tiene un origen desconocido ("${origen}"; válidos: ${USAGE_ORIGINS.join(', ')})`);
    }
    return { fecha, tarea, modelo, tokens_entrada: nums[0]!, tokens_salida: nums[1]!, coste_usd: nums[2]!, origen: origin, ...(clave ? { clave } : {}) };
  });
}

function rowLine(row: UsageRow): string {
  return csvLine(USAGE_COLUMNS.map((c) => (c === 'coste_usd' ? formatUsd(row.coste_usd) : c === 'clave' ? row.clave ?? '' : row[c])));
}

export function createUsageLog(file: string, prices: typeof PRICES_USD_PER_MTOK = PRICES_USD_PER_MTOK): UsageLog {
  async function readText(): Promise<string> {
    try {
      return await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw e;
    }
  }

  const needsHeader = (text: string) => !stripBom(text).startsWith(HEADER);

  /**
   * Makes the file start with the current header: creates it, gives an empty file its header back,
   * upgrades a six-column file (every row keeps its figures, `origen` inferred). Never drops a row;
   * a file it cannot read is reported, not rewritten.
   */
  async function ensureHeader(): Promise<void> {
    if (!needsHeader(await readText())) return;
    await withFileLock(file, async () => {
      const text = await readText();
      if (!needsHeader(text)) return;
      const rows = parseUsageCsv(file, text);
      await writeFileAtomic(file, HEADER + rows.map(rowLine).join(''));
    });
  }

  const list = async () => parseUsageCsv(file, await readText());

  async function month(date: Date): Promise<UsageMonth> {
    const ym = date.toISOString().slice(0, 7);
    return summarizeUsage((await list()).filter((r) => new Date(r.fecha).toISOString().slice(0, 7) === ym));
  }

  async function ofRun(key: string): Promise<UsageMonth> {
    return summarizeUsage((await list()).filter((r) => r.clave?.startsWith(`${key}#`)));
  }

  return {
    list,
    append: async (input) => {
      const price = own(prices, input.modelo);
      if (!price) {
        throw new CuadernoError('VALIDATION', `No hay precio para el modelo "${input.modelo}"; modelos con precio: ${Object.keys(prices).join(', ')}.`, { field: 'modelo' });
      }
      if (!USAGE_ORIGINS.includes(input.origen)) throw new CuadernoError('VALIDATION', `Origen de uso no válido: "${String(input.origen)}"`, { field: 'origen' });
      // The last line of defence for what callers checked already: a row is never negative or fractional.
      for (const field of ['tokens_entrada', 'tokens_salida'] as const) {
        const v = input[field];
        if (!Number.isSafeInteger(v) || v < 0) throw new CuadernoError('VALIDATION', `${field} debe ser un entero no negativo; se recibió ${String(v)}.`, { field });
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
        // Refuse to append onto a broken file: the owner must see the problem, not bury it.
        const text = await readText();
        const rows = parseUsageCsv(file, text);
        // Exactly once: a row already carrying this key is the effect, done before (a resumed run).
        const done = input.clave ? rows.find((r) => r.clave === input.clave) : undefined;
        if (done) return done;
        const sep = text.length > 0 && !text.endsWith('\n') ? '\n' : '';
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
  const of = (o: UsageOrigin) => rows.filter((r) => r.origen === o);
  const tokens = (rs: UsageRow[]) => rs.reduce((s, r) => s + r.tokens_entrada + r.tokens_salida, 0);
  const usd = (rs: UsageRow[]) => Number(formatUsd(rs.reduce((s, r) => s + r.coste_usd, 0)));
  const notes = of('nota_del_modelo');
  return {
    billedUsd: usd(of('facturado')),
    billedTokens: tokens(of('facturado')),
    estimatedTokens: tokens(of('estimado')),
    modelNotes: { rows: notes.length, usd: usd(notes) },
  };
}
