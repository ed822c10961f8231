/**
 * `cuaderno auditoria --verificar`: reads the whole audit log and says what is wrong, with line
 * numbers. Exit 0 intact, 1 problems found, 2 misuse. Reads only; repairs nothing.
 */
import { readFile } from 'node:fs/promises';
import type { CliIO } from '../cli.js';
import { openNotebook } from '../store/index.js';
import { checkAuditText } from '../store/auditCheck.js';
import { QUARANTINE_SUFFIX } from '../store/auditLog.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';

const USAGE = 'auditoria --verificar';

async function readOrEmpty(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { verificar: { type: 'boolean' } }, USAGE);
    if (positionals.length || !values.verificar) throw new CliMisuse(`Falta --verificar (o sobra un argumento).\nUso: npm run -s cuaderno -- ${USAGE}`);
    const file = (await openNotebook(config.dataDir)).files.audit;
    const text = await readOrEmpty(file);
    if (text === undefined) {
      io.stdout.write(`${CLI_LINES.noAudit(file)}\n`);
      return EXIT.ok;
    }
    const f = checkAuditText(text);
    const quarantined = await readOrEmpty(`${file}${QUARANTINE_SUFFIX}`);
    for (const p of f.problems) io.stdout.write(`✗ ${p}\n`);
    for (const n of f.notes) io.stdout.write(`· ${n}\n`);
    if (quarantined) io.stdout.write(`· ${quarantined.split('\n').filter(Boolean).length} fragmento(s) cortado(s) apartado(s) en ${file}${QUARANTINE_SUFFIX}\n`);
    io.stdout.write(f.problems.length === 0
      ? `Registro íntegro: ${f.lines} líneas, ${f.calls} llamadas.\n`
      : `${f.problems.length} problema(s) en ${file} (${f.lines} líneas).\n`);
    return f.problems.length === 0 ? EXIT.ok : EXIT.failed;
  });
}
