/** `cuaderno tarjetas [--json]`: the review card deck of the notebook in CUADERNO_DATA_DIR. */
import type { CliIO } from './common.js';
import { openNotebook } from '../store/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';
import { CLI_LINES } from '../strings/console.js';

const USAGE = 'tarjetas [--json]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${USAGE}`);
    const cards = await (await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir })).cards.list();
    if (values.json) io.stdout.write(`${JSON.stringify(cards)}\n`);
    else if (cards.length === 0) io.stdout.write(`${CLI_LINES.deckEmpty}\n`);
    else io.stdout.write(cards.map((c) => `${String(c.id).padStart(3)}  (nota ${c.id_nota})  ${c.pregunta}\n     → ${c.respuesta}`).join('\n') + '\n');
    return EXIT.ok;
  });
}
