/**
 * `cuaderno importar FILE [--semana N] [--aprobar | --rechazar] [--json]` (issue 26 §6): the same
 * import the chat makes. Without --aprobar it prints the proposal and saves no note (exit 0);
 * --aprobar saves it, exactly once; --rechazar is the no decided up front (as `herramienta`'s): the
 * proposal, then one line saying nothing was saved, exit 0; both flags are a misuse (exit 2).
 * --json prints `{"notas": [ids], "ya_existia": bool, "paginas": n}` — the saved notes' ids (the
 * import's earlier ids when the file was already imported; [] on a dry run or a no), `paginas` the
 * PDF's pages, 1 for an image, null for text. A file that cannot be read: exit 2.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { MATERIAL } from '../strings/material.js';
import { MaterialError } from '../domain/material/errors.js';
import { createImports, savedIds } from '../domain/material/imports.js';
import { createTesseractOcr } from '../domain/material/ocr.js';
import { proposalText, weekNameOf } from '../domain/material/proposal.js';
import { readCourse } from '../tools/index.js';
import { CLI_LINES } from '../strings/console.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { MISUSE } from '../strings/cli.js';

const USAGE = 'importar ARCHIVO [--semana N] [--aprobar | --rechazar] [--json]';
const misuse = (message: string) => new CliMisuse(`${message}\nUso: npm run -s cuaderno -- ${USAGE}`);

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { semana: { type: 'string' }, aprobar: { type: 'boolean' }, rechazar: { type: 'boolean' }, json: { type: 'boolean' } }, USAGE);
    if (positionals.length !== 1) throw misuse(positionals.length ? MISUSE.unexpected(String(positionals[1])) : MISUSE.missingFile);
    if (values.aprobar && values.rechazar) throw misuse(CLI_LINES.approveAndReject);
    const file = positionals[0]!;
    let semana: number | undefined;
    if (values.semana !== undefined) {
      if (!/^[1-9]\d{0,2}$/.test(values.semana)) throw new CliMisuse(MATERIAL.cliBadWeek(values.semana));
      semana = Number(values.semana);
    }
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch {
      throw new CliMisuse(MATERIAL.cliNotFound(file));
    }
    const notebook = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
    const ocr = createTesseractOcr();
    try {
      const course = await readCourse(notebook);
      const imports = createImports({ dataDir: config.dataDir, notes: notebook.notes, ocr, course: async () => course, audit: notebook.audit });
      let proposal;
      try {
        proposal = await imports.propose(path.basename(file), bytes, semana !== undefined ? { semana } : {});
      } catch (e) {
        if (e instanceof MaterialError) throw new CliMisuse(e.message);
        throw e;
      }
      let { record } = proposal;
      const out = (notas: number[], yaExistia: boolean, text: string) => {
        if (values.json) io.stdout.write(`${JSON.stringify({ notas, ya_existia: yaExistia, paginas: record.paginas })}\n`);
        else io.stdout.write(`${text}\n`);
        return EXIT.ok;
      };
      if (proposal.yaExistia) return out(savedIds(record), true, MATERIAL.alreadyHad(record.nombre, savedIds(record).length));
      if (semana !== undefined && record.semana !== semana) record = (await imports.changeWeek(record.clave, semana)) ?? record;
      if (!values.aprobar) {
        // A dry run or a no leaves nothing behind (a pending import the chat made stays).
        if (proposal.nuevo) await imports.discard(record.clave);
        return out([], false, `${proposalText(record, weekNameOf(course), Number.POSITIVE_INFINITY)}\n\n${values.rechazar ? MATERIAL.discarded : MATERIAL.cliDryRun}`);
      }
      const saved = await imports.save(record.clave);
      if (!saved) throw new CliMisuse(MATERIAL.gone);
      return out(saved.notas, saved.yaExistia, `${proposalText(record, weekNameOf(course), Number.POSITIVE_INFINITY)}\n\n${MATERIAL.saved(saved.notas)}`);
    } finally {
      await ocr.close();
    }
  });
}
