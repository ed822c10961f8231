/**
 * `auditoria.jsonl`: append-only, one JSON object per line, every request and result of the
 * dispatcher. One O_APPEND write per entry, so concurrent writers never interleave a line and a
 * crash can at worst leave a cut last line (reported by `list`, never rewritten).
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StateFileError } from '../errors.js';
import type { AuditLog } from './types.js';

export function createAuditLog(file: string): AuditLog {
  return {
    append: async (entry) => {
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(entry)}\n`);
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
