/**
 * `auditoria.jsonl`: append-only, one JSON object per line, every request and result of the
 * dispatcher. One O_APPEND write of one whole line per entry, without a lock: concurrent writers
 * never interleave a line.
 *
 * A crash can still leave a cut last line. The next writer to open the log moves that fragment to
 * `auditoria.jsonl.cuarentena` (under the file's lock) and says so in one console line, so the next
 * entry starts on a line of its own instead of being glued onto the fragment and lost. An entry
 * that cannot be serialised becomes a placeholder line with the reason: every call leaves a line.
 */
import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import { withFileLock } from './lock.js';
import type { AuditLog } from './types.js';

/** Suffix of the file that keeps cut fragments moved out of the log. */
export const QUARANTINE_SUFFIX = '.cuarentena';

/** One line for `entry`, or a placeholder naming why it could not be written as is. */
export function auditLine(entry: Record<string, unknown>): string {
  try {
    const text = JSON.stringify(entry);
    if (typeof text === 'string') return `${text}\n`;
  } catch (e) {
    return `${JSON.stringify(placeholder(entry, e instanceof Error ? e.message : String(e)))}\n`;
  }
  return `${JSON.stringify(placeholder(entry, 'la entrada no es un objeto JSON'))}\n`;
}

function placeholder(entry: Record<string, unknown>, reason: string): Record<string, unknown> {
  const pick = (k: string) => (typeof entry[k] === 'string' ? { [k]: entry[k] } : {});
  return { ...pick('timestamp'), ...pick('event'), ...pick('call_id'), ...pick('tool'), no_serializable: true, motivo: reason.slice(0, 200) };
}

/**
 * Moves a cut last line (no final `\n`) to the quarantine file and truncates the log to its last
 * whole line. Returns the fragment's size in bytes (0 when the log was whole).
 */
export async function quarantineCutTail(file: string): Promise<number> {
  return withFileLock(file, async () => {
    let handle;
    try {
      handle = await open(file, 'r+');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    try {
      const { size } = await handle.stat();
      if (size === 0) return 0;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] === 0x0a) return 0;
      const data = await handle.readFile();
      const cut = data.lastIndexOf(0x0a) + 1;
      const fragment = data.subarray(cut);
      await appendFile(`${file}${QUARANTINE_SUFFIX}`, Buffer.concat([fragment, Buffer.from('\n')]));
      await handle.truncate(cut);
      await handle.sync();
      return fragment.length;
    } finally {
      await handle.close();
    }
  });
}

export function createAuditLog(file: string, opts: { log?: (line: string) => void } = {}): AuditLog {
  const log = opts.log ?? ((line: string) => console.warn(line));
  let opened: Promise<void> | undefined;
  /** Once per process, before the first entry: set aside what a crash may have cut. */
  const openOnce = () => (opened ??= (async () => {
    await mkdir(path.dirname(file), { recursive: true });
    const bytes = await quarantineCutTail(file);
    if (bytes > 0) {
      log(`Registro de auditoría: la última línea de ${path.basename(file)} estaba cortada (${bytes} bytes, probablemente por un cierre brusco); la he movido a ${path.basename(file)}${QUARANTINE_SUFFIX} y sigo en una línea nueva.`);
    }
  })());

  return {
    append: async (entry) => {
      await openOnce();
      await appendFile(file, auditLine(entry));
    },
    list: async () => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
      return text
        .split('\n')
        .map((l, i) => ({ l, n: i + 1 }))
        .filter(({ l }) => l.trim() !== '')
        .map(({ l, n }) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            throw new StateFileError(
              'CORRUPT_STATE',
              file,
              `El archivo ${file} está dañado: la línea ${n} no es JSON válido. No se ha modificado; ` +
                'si se cortó a mitad de una escritura, borre esa línea (el resto del registro sigue siendo válido).',
            );
          }
        });
    },
  };
}
