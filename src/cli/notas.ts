/** `cuaderno notas [--json]`: the notes of the notebook in CUADERNO_DATA_DIR (seeded on first use). */
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { weekOfNote } from '../domain/course/course.js';
import { readCourse } from '../tools/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { NOTES_LINES } from '../strings/cli.js';

const USAGE = 'notas [--json]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${USAGE}`);
    const nb = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
    const course = await readCourse(nb);
    // A note of a version-1 file has no week written yet: shown with the one it migrates to.
    const notes = (await nb.notes.list()).map((n) => ({ id: n.id, tema: n.tema, texto: n.texto, semana: weekOfNote(course, n) }));
    if (values.json) io.stdout.write(`${JSON.stringify(notes)}\n`);
    else io.stdout.write(notes.map((n) => `${String(n.id).padStart(3)}  [${n.tema}]  ${n.texto}`).join('\n') + (notes.length ? '\n' : `${NOTES_LINES.none}\n`));
    return EXIT.ok;
  });
}
