/**
 * The audit log's HMAC chain: the key and the mirror of the last entry, both kept OUTSIDE the data
 * folder (default `~/.config/cuaderno-vivo/`, `CUADERNO_CLAVES_DIR`).
 *
 * Threat model: someone who can edit the data folder but not this folder. Every chained line of
 * `auditoria.jsonl` carries `seq` (1, 2, …) and `mac_prev`, the HMAC-SHA256 (keyed by the secret
 * here) of the previous line's exact text; the first chained line's `mac_prev` is the MAC of the
 * whole unchained prefix an older install left (empty for a new log) and it names its chain
 * (`cadena`). The last line's own MAC and number are mirrored here, so a truncated, emptied or
 * rolled-back log is told from a whole one. Without the key nobody can write a line that fits.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createFileIfAbsent, writeFileAtomic } from './atomic.js';

/** The installation's key file inside the keys folder (64 hex characters, mode 0600). */
export const AUDIT_KEY_FILE = 'auditoria.clave';
/** The mirrors of each chain's last entry: `<folder>/auditoria/<cadena>.json`. */
const MIRROR_DIR = 'auditoria';

// Where the keys folder is by default is a setting: config.ts says it (re-exported for the store).
export { defaultKeysDir } from '../config.js';

/** What the chain fields of one line say. */
export interface ChainFields {
  seq: number;
  mac_prev: string;
  cadena?: string;
}

/** The mirror of a chain's last entry. `ruta` is the log's last known path (a moved folder still finds it by `cadena`). */
export interface ChainMirror {
  cadena: string;
  ruta: string;
  seq: number;
  mac: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const CHAIN_ID = /^[0-9a-f]{32}$/;

/** The key, created (0600, in a 0700 folder) the first time; every process of the install gets the same one. */
export async function loadAuditKey(dir: string): Promise<Buffer> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, AUDIT_KEY_FILE);
  await createFileIfAbsent(file, randomBytes(32).toString('hex'));
  await chmod(file, 0o600);
  const text = (await readFile(file, 'utf8')).trim();
  if (!HEX64.test(text)) throw new Error(`the audit key ${file} is not 64 hex characters`);
  return Buffer.from(text, 'hex');
}

/** HMAC-SHA256 of `text` (a line without its `\n`, or a prefix) as hex. */
export function macOf(key: Buffer, text: string | Buffer): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** An incremental MAC of the unchained prefix, fed line by line (each with its `\n`). */
export function prefixMac(key: Buffer): { add(line: string): void; digest(): string } {
  const h = createHmac('sha256', key);
  return { add: (line) => void h.update(`${line}\n`), digest: () => h.digest('hex') };
}

export function newChainId(): string {
  return randomBytes(16).toString('hex');
}

/** The chain fields of a parsed line, or undefined for an unchained (legacy) line. */
export function chainFields(entry: unknown): ChainFields | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const e = entry as Record<string, unknown>;
  if (!Object.hasOwn(e, 'seq') && !Object.hasOwn(e, 'mac_prev')) return undefined;
  const seq = Number.isSafeInteger(e.seq) && (e.seq as number) > 0 ? (e.seq as number) : 0;
  const macPrev = typeof e.mac_prev === 'string' ? e.mac_prev : '';
  return { seq, mac_prev: macPrev, ...(typeof e.cadena === 'string' ? { cadena: e.cadena } : {}) };
}

function mirrorFile(dir: string, chain: string): string {
  return path.join(dir, MIRROR_DIR, `${chain}.json`);
}

function parseMirror(text: string): ChainMirror | undefined {
  try {
    const m = JSON.parse(text) as Partial<ChainMirror>;
    if (typeof m.cadena === 'string' && CHAIN_ID.test(m.cadena) && typeof m.ruta === 'string'
      && Number.isSafeInteger(m.seq) && typeof m.mac === 'string' && HEX64.test(m.mac)) {
      return { cadena: m.cadena, ruta: m.ruta, seq: m.seq!, mac: m.mac };
    }
  } catch { /* reported as absent */ }
  return undefined;
}

/**
 * The mirror of the log at `logPath`: by its chain id when the log still names it, else the one
 * whose last known path is this log (an emptied log still finds its mirror).
 */
export async function findMirror(dir: string, logPath: string, chain?: string): Promise<ChainMirror | undefined> {
  if (chain && CHAIN_ID.test(chain)) {
    const text = await readFile(mirrorFile(dir, chain), 'utf8').catch(() => undefined);
    const m = text === undefined ? undefined : parseMirror(text);
    if (m) return m;
  }
  let names: string[];
  try {
    names = await readdir(path.join(dir, MIRROR_DIR));
  } catch {
    return undefined;
  }
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const m = parseMirror(await readFile(path.join(dir, MIRROR_DIR, name), 'utf8').catch(() => ''));
    if (m && m.ruta === logPath) return m;
  }
  return undefined;
}

export async function writeMirror(dir: string, mirror: ChainMirror): Promise<void> {
  await mkdir(path.join(dir, MIRROR_DIR), { recursive: true, mode: 0o700 });
  const file = mirrorFile(dir, mirror.cadena);
  // Rewritten after every entry: whole or previous, never torn; an fsync each time would double the
  // cost of an audit line, and a mirror left one entry behind by a power cut flags nothing false.
  await writeFileAtomic(file, `${JSON.stringify(mirror)}\n`, { durable: false });
  await chmod(file, 0o600);
}

/** Removes every mirror whose last known path is `logPath` (a deletion starts that log's chain anew). */
export async function removeMirrorsOf(dir: string, logPath: string): Promise<void> {
  const names = await readdir(path.join(dir, MIRROR_DIR)).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, MIRROR_DIR, name);
    const m = parseMirror(await readFile(file, 'utf8').catch(() => ''));
    if (m && m.ruta === logPath) await rm(file, { force: true });
  }
}
