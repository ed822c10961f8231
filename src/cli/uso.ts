/**
 * `cuaderno uso [--json]`: the usage log (registro_uso.csv) row by row, and its total: the BILLED
 * total (rows of origin `facturado`), counted by the same function as /gasto; the model's own notes
 * and the offline estimates are shown apart and never added in. The log is streamed, never read whole.
 */
import type { CliIO } from './common.js';
import { formatUsd, openNotebook } from '../store/index.js';
import { usageSummer } from '../store/usageCsv.js';
import { CLI_LINES } from '../strings/console.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';

const USAGE = 'uso [--json]';

/** Writes `text`, waiting when the stream asks to (a log of any size never piles up in memory). */
async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${USAGE}`);
    const usage = (await openNotebook(config.dataDir, { prices: config.prices, keysDir: config.keysDir })).usage;
    const sum = usageSummer();
    let rows = 0;
    if (values.json) await write(io.stdout, '{"filas":[');
    for await (const r of usage.rows()) {
      sum.add(r);
      if (values.json) await write(io.stdout, `${rows > 0 ? ',' : ''}${JSON.stringify(r)}`);
      else await write(io.stdout, `${r.fecha}  ${r.modelo.padEnd(18)} ${String(r.tokens_entrada).padStart(8)} → ${String(r.tokens_salida).padStart(7)}  ${formatUsd(r.coste_usd).padStart(11)} USD  ${r.tarea}  [${r.origen}]\n`);
      rows += 1;
    }
    const m = sum.result();
    if (values.json) {
      await write(io.stdout, `],"total_usd":${m.billedUsd},"notas_del_modelo":${JSON.stringify({ filas: m.modelNotes.rows, usd: m.modelNotes.usd })},"tokens_estimados":${m.estimatedTokens}}\n`);
      return EXIT.ok;
    }
    if (rows === 0) await write(io.stdout, `${CLI_LINES.noUsage}\n`);
    await write(io.stdout, `${CLI_LINES.usageTotal(formatUsd(m.billedUsd), rows)}\n`);
    if (m.modelNotes.rows > 0) await write(io.stdout, `${CLI_LINES.usageModelNotes(m.modelNotes.rows, formatUsd(m.modelNotes.usd))}\n`);
    if (m.estimatedTokens > 0) await write(io.stdout, `${CLI_LINES.usageEstimated(m.estimatedTokens)}\n`);
    return EXIT.ok;
  });
}
