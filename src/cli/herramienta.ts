// Placeholder until its issue lands: the subcommand says so instead of pretending to work.
import type { CliIO } from '../cli.js';

export async function run(_argv: string[], io: CliIO): Promise<number> {
  io.stderr.write('Subcomando "herramienta" todavía no disponible.\n');
  return 2;
}
