/**
 * Shared plumbing of the subcommands: flag parsing with node:util parseArgs, config from the
 * environment (CUADERNO_DATA_DIR), and errors turned into one clear Spanish line on stderr with
 * the exit code — never a stack.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { loadConfig } from '../config.js';
import { DEFAULT_LANES as LIVE_LANE_DEFAULTS } from '../scheduler/executor.js';
import type { Config } from '../config.js';
import { ConfigError, isCuadernoError } from '../errors.js';
import { isClassRoot, USERS_DIRNAME } from '../store/users.js';
import { CLI_LINES, FILE_PROBLEMS } from '../strings/console.js';
import { classRoot } from '../strings/cli.js';

/** What a subcommand reads and writes: the process's streams and environment, passed in (tests pass their own). */
export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: Readonly<Record<string, string | undefined>>;
}
export type Subcommand = (argv: string[], io: CliIO) => Promise<number>;

/** Exit codes of these subcommands: 0 ok, 1 state/runtime problem (message says the fix), 2 misuse or configuration. */
export const EXIT = { ok: 0, failed: 1, misuse: 2 } as const;

export class CliMisuse extends Error {}

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliMisuse(`${(e as Error).message}\nUso: npm run -s cuaderno -- ${usage}`);
  }
}

/**
 * Runs a subcommand body with config loaded; maps misuse/config errors to exit 2 and state errors
 * (a broken notas.json, …) to exit 1 with their message, which names the file and the recovery.
 */
/**
 * Flags only (no positionals), strict: the parsed values, or undefined after writing the problem and
 * `usage` to stderr — the caller exits with EXIT.misuse. For subcommands that need no config.
 */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(io: CliIO, argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    io.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${usage}\n`);
    return undefined;
  }
}

export async function withConfig(io: CliIO, body: (config: Readonly<Config>) => Promise<number>): Promise<number> {
  try {
    const config = loadConfig(io.env);
    // A class's data dir holds one notebook per person: writing at its top would start a stray one.
    if (await isClassRoot(config.dataDir)) {
      throw new ConfigError(classRoot(config.dataDir, path.join(config.dataDir, USERS_DIRNAME)));
    }
    return await body(config);
  } catch (e) {
    if (e instanceof CliMisuse) {
      io.stderr.write(`${e.message}\n`);
      return EXIT.misuse;
    }
    if (isCuadernoError(e)) {
      io.stderr.write(`${e.message}\n`);
      return e.code === 'CONFIG' ? EXIT.misuse : EXIT.failed;
    }
    io.stderr.write(`${failureLine(e)}\n`);
    return EXIT.failed;
  }
}

/**
 * The one line for an error nobody expected (exit 1): the system's own errors about a file (a folder
 * where a file should be, no permission) in words, anything else by its first line — never a stack.
 */
export function failureLine(e: unknown): string {
  const sys = e as NodeJS.ErrnoException;
  if (e instanceof Error && typeof sys.code === 'string' && typeof sys.path === 'string') return FILE_PROBLEMS.unusable(sys.path, sys.code);
  return CLI_LINES.error(e instanceof Error ? e.message.split('\n')[0] ?? '' : String(e));
}

/**
 * The lanes a run gets on this machine (CPU_LANES, GPU_LANES), for the commands that model a run
 * (`plan --etapas`, `simular`); the defaults when the settings cannot be read.
 */
export function liveLanes(env: Readonly<Record<string, string | undefined>>): { cpu: number; gpu: number } {
  try {
    return { ...loadConfig(env).lanes };
  } catch {
    return { cpu: LIVE_LANE_DEFAULTS.cpu, gpu: LIVE_LANE_DEFAULTS.gpu };
  }
}
