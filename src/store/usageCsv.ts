/**
 * `registro_uso.csv`: one row per model call or `registrar_uso` call —
 * `fecha,tarea,modelo,tokens_entrada,tokens_salida,coste_usd` (SPEC §3). It stores what ran,
 * with which model and its cost, never note contents. Rows are appended with one O_APPEND write
 * (concurrent writers do not interleave a short line); the header is created atomically once.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { costUsd, PRICES_USD_PER_MTOK } from '../config.js';
import type { ModelName } from '../config.js';
import { CuadernoError, StateFileError } from '../errors.js';
import { createFileIfAbsent } from './atomic.js';
import { csvLine, parseCsv } from './csv.js';
import { Mutex } from './jsonFile.js';
import type { UsageLog, UsageRow } from './types.js';

/**
 * Task prefix of usage rows that are estimates, not billed calls (the offline planner's ~4
 * chars/token figures): listed like any row, never counted as money spent.
 */
export const ESTIMATED_TASK_PREFIX = 'estimado:';

export const USAGE_COLUMNS = ['fecha', 'tarea', 'modelo', 'tokens_entrada', 'tokens_salida', 'coste_usd', 'clave'] as const;
/** The first version's columns (no `clave`): such a file still reads and grows, without keys. */
const OLD_COLUMNS = USAGE_COLUMNS.slice(0, 6);
const HEADER = csvLine(USAGE_COLUMNS);

/** Dollars as written in the CSV: 8 decimals (a haiku token is 1e-7 USD), no exponent, no trailing zeros. */
export function formatUsd(usd: number): string {
  return usd.toFixed(8).replace(/\.?0+$/, '');
}

function corrupt(file: string, problem: string): StateFileError {
  return new StateFileError(
    'CORRUPT_STATE',
    file,
    `El archivo ${file} está dañado: ${problem}. No se ha modificado. Para recuperarlo, corrija o borre esa línea ` +
      `(si se cortó a mitad de una escritura, basta con borrar la última línea); si borra el archivo, se pierde el historial de costes.`,
  );
}

export function parseUsageCsv(file: string, text: string): UsageRow[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (e) {
    throw corrupt(file, (e as Error).message);
  }
  const [head, ...body] = rows;
  if (!head) return [];
  const columns = head.fields.join(',') === USAGE_COLUMNS.join(',') ? USAGE_COLUMNS.length : head.fields.join(',') === OLD_COLUMNS.join(',') ? OLD_COLUMNS.length : 0;
  if (columns === 0) {
    throw corrupt(file, `la cabecera debería ser "${USAGE_COLUMNS.join(',')}"`);
  }
  return body
    .filter((r) => !(r.fields.length === 1 && r.fields[0] === ''))
    .map((r) => {
      if (r.fields.length !== columns) {
        throw corrupt(file, `la línea ${r.line} tiene ${r.fields.length} columnas en vez de ${columns}`);
      }
      const [fecha, tarea, modelo, tin, tout, coste, clave] = r.fields as [string, string, string, string, string, string, string | undefined];
      const nums = [Number(tin), Number(tout), Number(coste)];
      if (Number.isNaN(Date.parse(fecha))) throw corrupt(file, `la línea ${r.line} tiene una fecha no válida ("${fecha}")`);
      if (!Number.isInteger(nums[0]) || !Number.isInteger(nums[1]) || !Number.isFinite(nums[2]) || tin === '' || tout === '' || coste === '') {
        throw corrupt(file, `la línea ${r.line} tiene tokens o coste que no son números`);
      }
      return { fecha, tarea, modelo, tokens_entrada: nums[0]!, tokens_salida: nums[1]!, coste_usd: nums[2]!, ...(clave ? { clave } : {}) };
    });
}

export function createUsageLog(file: string, prices: typeof PRICES_USD_PER_MTOK = PRICES_USD_PER_MTOK): UsageLog {
  const mutex = new Mutex();

  async function read(): Promise<{ text: string; rows: UsageRow[] }> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { text: '', rows: [] };
      throw e;
    }
    return { text, rows: parseUsageCsv(file, text) };
  }

  /** Creates the file with its header unless it exists (never clobbers rows). */
  const ensureHeader = () => createFileIfAbsent(file, HEADER);

  const list = async () => (await read()).rows;

  return {
    list,
    append: (input) =>
      mutex.run(async () => {
        const price = prices[input.modelo as ModelName];
        if (!price) {
          throw new CuadernoError('VALIDATION', `No hay precio para el modelo "${input.modelo}"; modelos con precio: ${Object.keys(prices).join(', ')}.`, { field: 'modelo' });
        }
        const row: UsageRow = {
          fecha: (input.fecha ?? new Date()).toISOString(),
          tarea: input.tarea,
          modelo: input.modelo,
          tokens_entrada: input.tokens_entrada,
          tokens_salida: input.tokens_salida,
          coste_usd: Number(formatUsd(costUsd(input.modelo, input.tokens_entrada, input.tokens_salida, prices))),
          ...(input.clave ? { clave: input.clave } : {}),
        };
        await ensureHeader();
        // Refuse to append onto a broken file: the owner must see the problem, not bury it.
        const { text, rows } = await read();
        // Exactly once: a row already carrying this key is the effect, done before (a resumed run).
        const done = input.clave ? rows.find((r) => r.clave === input.clave) : undefined;
        if (done) return done;
        const keyed = text.startsWith(HEADER);
        const sep = text.length > 0 && !text.endsWith('\n') ? '\n' : '';
        const cells = (keyed ? USAGE_COLUMNS : OLD_COLUMNS).map((c) => (c === 'coste_usd' ? formatUsd(row.coste_usd) : c === 'clave' ? row.clave ?? '' : row[c]));
        await appendFile(file, sep + csvLine(cells));
        return row;
      }),
    monthTotal: async (date) => {
      const ym = date.toISOString().slice(0, 7);
      const total = (await list())
        .filter((r) => new Date(r.fecha).toISOString().slice(0, 7) === ym && !r.tarea.startsWith(ESTIMATED_TASK_PREFIX))
        .reduce((s, r) => s + r.coste_usd, 0);
      return Number(formatUsd(total));
    },
  };
}
