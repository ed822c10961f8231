/**
 * `cuaderno auditoria --verificar`: reads the audit log line by line (and its HMAC chain) and says what is wrong, with line
 * numbers. Exit 0 intact, 1 problems found, 2 misuse. Reads only; repairs nothing.
 */
import { stat } from 'node:fs/promises';
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { verifyAuditLog } from '../store/auditCheck.js';
import { QUARANTINE_SUFFIX } from '../store/auditLog.js';
import { fileLines } from '../store/lines.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { AUDIT, CLI_LINES, FILE_PROBLEMS } from '../strings/console.js';
import { MISUSE } from '../strings/cli.js';

const USAGE = 'auditoria --verificar';

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const l of fileLines(file, { missingOk: true })) if (l.text !== '') n += 1;
  return n;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { verificar: { type: 'boolean' } }, USAGE);
    if (positionals.length || !values.verificar) throw new CliMisuse(MISUSE.withUsage(MISUSE.auditNeedsCheck, USAGE));
    const notebook = await openNotebook(config.dataDir, { keysDir: config.keysDir });
    const file = notebook.files.audit;
    // Something that is not a file where the log should be (a folder) is said in words, not as a read error.
    const kind = await stat(file).catch(() => undefined);
    if (kind && !kind.isFile()) {
      io.stderr.write(`${FILE_PROBLEMS.unusable(file, kind.isDirectory() ? 'EISDIR' : 'EINVAL')}\n`);
      return EXIT.failed;
    }
    const f = await verifyAuditLog(file, config.keysDir, notebook.id);
    if (!f.exists && f.problems.length === 0) {
      io.stdout.write(`${CLI_LINES.noAudit(file)}\n`);
      return EXIT.ok;
    }
    const quarantined = await countLines(`${file}${QUARANTINE_SUFFIX}`);
    for (const p of f.problems) io.stdout.write(`✗ ${p}\n`);
    for (const n of f.notes) io.stdout.write(`· ${n}\n`);
    if (quarantined) io.stdout.write(`· ${AUDIT.quarantined(quarantined, `${file}${QUARANTINE_SUFFIX}`)}\n`);
    io.stdout.write(`${f.problems.length === 0 ? AUDIT.intact(f.lines, f.calls) : AUDIT.damaged(f.problems.length, file, f.lines)}\n`);
    return f.problems.length === 0 ? EXIT.ok : EXIT.failed;
  });
}
