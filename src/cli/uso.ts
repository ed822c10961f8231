/**
 * `cuaderno uso [--json]`: the usage log (registro_uso.csv) and its total cost in USD. Each row shows
 * its `origen`: only `facturado` rows count against the monthly budget (see /gasto).
 */
import type { CliIO } from '../cli.js';
import { formatUsd, openNotebook } from '../store/index.js';
import { CliMisuse, EXIT, parseFlags, withConfig } from './common.js';

const USAGE = 'uso [--json]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return withConfig(io, async (config) => {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new CliMisuse(`Argumento inesperado: ${positionals[0]}\nUso: npm run -s cuaderno -- ${USAGE}`);
    const rows = await (await openNotebook(config.dataDir, { prices: config.prices })).usage.list();
    const total = Number(formatUsd(rows.reduce((s, r) => s + r.coste_usd, 0)));
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ filas: rows, total_usd: total })}\n`);
      return EXIT.ok;
    }
    const lines = rows.map((r) => `${r.fecha}  ${r.modelo.padEnd(18)} ${String(r.tokens_entrada).padStart(8)} → ${String(r.tokens_salida).padStart(7)}  ${formatUsd(r.coste_usd).padStart(11)} USD  ${r.tarea}  [${r.origen}]`);
    io.stdout.write(`${lines.join('\n')}${lines.length ? '\n' : 'Todavía no hay uso registrado.\n'}Total: ${formatUsd(total)} USD (${rows.length} filas)\n`);
    return EXIT.ok;
  });
}
