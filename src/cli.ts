/**
 * The `cuaderno` command: `npm run -s cuaderno -- <subcommand> ...`. Thin: each subcommand lives in
 * src/cli/<name>.ts, parses its own flags and calls the same functions the bot calls.
 * Exit codes: 0 ok, 2 misuse/configuration (with the fix), others per subcommand.
 */
import { own } from './lib/own.js';
import { PRIVATE_UMASK } from './store/private.js';
import type { CliIO, Subcommand } from './cli/common.js';
import { MISUSE, USAGE } from './strings/cli.js';

const SUBCOMMANDS: Record<string, { help: string; load: () => Promise<{ run: Subcommand }> }> = {
  herramienta: { help: "herramienta <nombre> '<json>' [--aprobar|--rechazar] [--simulacro]", load: () => import('./cli/herramienta.js') },
  notas: { help: 'notas [--json]', load: () => import('./cli/notas.js') },
  importar: { help: 'importar ARCHIVO [--semana N] [--aprobar|--rechazar] [--json]', load: () => import('./cli/importar.js') },
  releer: { help: 'releer [DOCUMENTO | ARCHIVO] [--aprobar] [--json] | releer --tarjeta ID (--conservar | --borrar)', load: () => import('./cli/releer.js') },
  curso: { help: USAGE.curso, load: () => import('./cli/curso.js') },
  tarjetas: { help: 'tarjetas [--json]', load: () => import('./cli/tarjetas.js') },
  uso: { help: 'uso [--json]', load: () => import('./cli/uso.js') },
  repaso: { help: 'repaso [--ahora ISO] [--json]', load: async () => ({ run: (await import('./cli/repaso.js')).runRepaso }) },
  calificar: { help: 'calificar <id> <otra|dificil|bien|facil> [--ahora ISO] [--json]', load: async () => ({ run: (await import('./cli/repaso.js')).runCalificar }) },
  'exportar-anki': { help: 'exportar-anki ARCHIVO.apkg', load: () => import('./cli/exportar-anki.js') },
  plan: { help: 'plan [--grafo FILE] [--gpu N] [--json] [--gantt OUT.png] [--etapas]', load: () => import('./cli/plan.js') },
  simular: { help: 'simular [--semanas 1000] [--p 0.1] [--semilla 2026] [--json]', load: () => import('./cli/simular.js') },
  auditoria: { help: 'auditoria --verificar', load: () => import('./cli/auditoria.js') },
  cola: { help: 'cola [--json]', load: () => import('./cli/cola.js') },
  preparar: { help: USAGE.preparar, load: () => import('./cli/preparar.js') },
};

export function usage(): string {
  return ['Uso: npm run -s cuaderno -- <subcomando> ...', ...Object.values(SUBCOMMANDS).map((s) => `  ${s.help}`)].join('\n');
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  const entry = name ? own(SUBCOMMANDS, name) : undefined;
  if (!entry) {
    io.stderr.write(`${name ? `${MISUSE.unknownSubcommand(name)}\n` : ''}${usage()}\n`);
    return 2;
  }
  const mod = await entry.load();
  try {
    return await mod.run(rest, io);
  } catch (e) {
    // A subcommand that let an error through (one without withConfig's mapping) still ends in one
    // line. Loaded here: the command's start-up stays as light as the subcommand it runs.
    const { EXIT, failureLine } = await import('./cli/common.js');
    io.stderr.write(`${failureLine(e)}\n`);
    return EXIT.failed;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isMain) {
  // What the CLI writes into the data folder is the owner's alone, as the bot's is (store/private.ts).
  process.umask(PRIVATE_UMASK);
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((e: unknown) => {
      process.stderr.write(`Error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
}
