/** `cuaderno notas [--json]`: the notes of the notebook in CUADERNO_DATA_DIR (seeded on first use). */
import type { CliIO } from '../cli.js';
import { openNotebook } from '../store/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';

const USAGE = 'notas [--json]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${USAGE}`);
    const notes = await (await openNotebook(config.dataDir, { prices: config.prices })).notes.list();
    if (values.json) io.stdout.write(`${JSON.stringify(notes)}\n`);
    else io.stdout.write(notes.map((n) => `${String(n.id).padStart(3)}  [${n.tema}]  ${n.texto}`).join('\n') + (notes.length ? '\n' : 'El cuaderno no tiene notas.\n'));
    return EXIT.ok;
  });
}
