/** `cuaderno exportar-anki FILE.apkg`: the deck, its schedule and review history as an Anki package. */
import { writeOutput } from '../store/outputs.js';
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { exportDeck } from '../domain/anki/index.js';
import { readCourse } from '../tools/index.js';
import { createReviewService } from '../domain/review/service.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';
import { MISUSE } from '../strings/cli.js';

const USAGE = 'exportar-anki ARCHIVO.apkg';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { positionals } = parseFlags(argv, {}, USAGE);
    const [file, extra] = positionals;
    if (file === undefined || extra !== undefined || !file.endsWith('.apkg')) throw new CliMisuse(MISUSE.withUsage(MISUSE.apkgFile, USAGE));
    const nb = await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir });
    const review = createReviewService({ deck: nb.cards, store: nb.reviews, ...config.review });
    const { bytes, cards, reviews } = await exportDeck({ review, notes: nb.notes, course: await readCourse(nb) }, new Date());
    await writeOutput(file, bytes);
    io.stdout.write(`${CLI_LINES.exported(file, cards, reviews)}\n`);
    return EXIT.ok;
  });
}
