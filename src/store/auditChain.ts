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
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createFileIfAbsent, writeFileAtomic, writeFileAtomicSync } from '../lib/atomic.js';

/** The installation's key file inside the keys folder (64 hex characters, mode 0600). */
export const AUDIT_KEY_FILE = 'auditoria.clave';
/** The mirrors of each chain's last entry: `<folder>/auditoria/<cadena>.json`. */
const MIRROR_DIR = 'auditoria';
/**
 * Which chain a log path had last: `<folder>/auditoria/rutas/<hash of the path>.json` = `{ruta, cadena}`.
 * Why: a log that names no chain (new, emptied, unchained) is looked up by its path, and a keys folder
 * shared by a class (or by years of use) holds one mirror per log ever written — reading them all on
 * every such lookup grew with the folder. An install from before the index is indexed once, by one scan.
 */
const ROUTES_DIR = 'rutas';
/**
 * Which chain a notebook had last: `<folder>/auditoria/cuadernos/<notebook id>.json` = `{cuaderno, cadena}`.
 * Why: the notebook's id (store/notebookId.ts) travels with its data folder, its path does not — a
 * moved folder whose log was emptied or lost its first lines (the line naming the chain) still finds
 * its mirror here, so the missing entries are reported instead of the log looking new.
 */
const NOTEBOOKS_DIR = 'cuadernos';

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
 * whose last known path is this log (an emptied log still finds its mirror), through the path index.
 */
export async function findMirror(dir: string, logPath: string, chain?: string, notebook?: string): Promise<ChainMirror | undefined> {
  if (chain && CHAIN_ID.test(chain)) {
    const m = await readMirror(dir, chain);
    if (m) return m;
  }
  if (notebook) {
    const own = await readNotebookRoute(dir, notebook);
    // Found by the notebook, wherever its folder is now: the mirror's path is only its last known one.
    if (own) return readMirror(dir, own);
  }
  const route = await readRoute(dir, logPath);
  if (route) {
    const m = await readMirror(dir, route);
    return m?.ruta === logPath ? m : undefined;
  }
  return undefined;
}

async function readMirror(dir: string, chain: string): Promise<ChainMirror | undefined> {
  const text = await readFile(mirrorFile(dir, chain), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : parseMirror(text);
}

function routeFile(dir: string, logPath: string): string {
  return path.join(dir, MIRROR_DIR, ROUTES_DIR, `${createHash('sha256').update(logPath).digest('hex').slice(0, 32)}.json`);
}

/** The chain last mirrored for `logPath` (undefined when none); builds the index first on an older keys folder. */
async function readRoute(dir: string, logPath: string): Promise<string | undefined> {
  await indexOnce(dir);
  return chainOfRoute(routeFile(dir, logPath), (r) => r.ruta === logPath);
}

/** The chain a route file names, when the file is whole and `owns` it (names the path or notebook asked for). */
async function chainOfRoute(file: string, owns: (r: Record<string, unknown>) => boolean): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const r = JSON.parse(text) as Record<string, unknown>;
    return owns(r) && typeof r.cadena === 'string' && CHAIN_ID.test(r.cadena) ? r.cadena : undefined;
  } catch {
    return undefined;
  }
}

function notebookRouteFile(dir: string, notebook: string): string {
  return path.join(dir, MIRROR_DIR, NOTEBOOKS_DIR, `${notebook}.json`);
}

/** The chain last mirrored for the notebook `notebook` (undefined when none). */
async function readNotebookRoute(dir: string, notebook: string): Promise<string | undefined> {
  if (!CHAIN_ID.test(notebook)) return undefined;
  return chainOfRoute(notebookRouteFile(dir, notebook), (r) => r.cuaderno === notebook);
}

/** Notebook routes this process knows are written (`dir\0cadena\0cuaderno`). */
const notebookRoutesWritten = new Set<string>();

/** Records that `notebook`'s chain is `chain` (durable: it is what finds the chain after a move). */
async function writeNotebookRoute(dir: string, notebook: string, chain: string): Promise<void> {
  const known = `${dir}\0${chain}\0${notebook}`;
  if (notebookRoutesWritten.has(known) || !CHAIN_ID.test(notebook)) return;
  const file = notebookRouteFile(dir, notebook);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify({ cuaderno: notebook, cadena: chain })}\n`, { mode: 0o600 });
  notebookRoutesWritten.add(known);
}

/**
 * A notebook opened for the first time with its id (a notebook from before ids existed, or a new
 * one): when the keys folder has no record of it yet but has one for its log's path, the notebook
 * adopts that chain, so moving its folder from now on changes nothing. Reads one small file when
 * the record exists.
 */
export async function adoptChainOfPath(dir: string, notebook: string, logPath: string): Promise<void> {
  if (await readNotebookRoute(dir, notebook)) return;
  const chain = await readRoute(dir, logPath).catch(() => undefined);
  if (chain && (await readMirror(dir, chain))?.ruta === logPath) await writeNotebookRoute(dir, notebook, chain);
}

/** Route files this process knows are written (`dir\0cadena\0ruta`): a mirror is rewritten after every entry, its route once. */
const routesWritten = new Set<string>();

async function writeRoute(dir: string, mirror: ChainMirror): Promise<void> {
  const known = routeKey(dir, mirror);
  if (routesWritten.has(known)) return;
  const file = routeFile(dir, mirror.ruta);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify({ ruta: mirror.ruta, cadena: mirror.cadena })}\n`, { durable: false });
  await chmod(file, 0o600);
  routesWritten.add(known);
}

const routeKey = (dir: string, m: Pick<ChainMirror, 'cadena' | 'ruta'>): string => `${dir}\0${m.cadena}\0${m.ruta}`;

/** Every readable mirror in the keys folder, with its file (a whole scan: for the rare cases only). */
async function* mirrorsIn(dir: string): AsyncGenerator<{ file: string; m: ChainMirror }> {
  const names = await readdir(path.join(dir, MIRROR_DIR)).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, MIRROR_DIR, name);
    const m = parseMirror(await readFile(file, 'utf8').catch(() => ''));
    if (m) yield { file, m };
  }
}

const indexed = new Map<string, Promise<void>>();
/** Keys folders whose index is known built (indexOnce has settled for them in this process). */
const indexesDone = new Set<string>();

/**
 * A keys folder with mirrors but no path index (written before it existed): index every mirror
 * once, by one scan, oldest first so the newest chain of a path wins. Idempotent across processes.
 */
function indexOnce(dir: string): Promise<void> {
  let done = indexed.get(dir);
  if (!done) {
    done = (async () => {
      const routes = path.join(dir, MIRROR_DIR, ROUTES_DIR);
      if (await stat(routes).then(() => true, () => false)) return;
      const mirrors: Array<{ m: ChainMirror; at: number }> = [];
      for await (const { file, m } of mirrorsIn(dir)) mirrors.push({ m, at: await stat(file).then((s) => s.mtimeMs, () => 0) });
      for (const { m } of mirrors.sort((a, b) => a.at - b.at)) await writeRoute(dir, m);
      await mkdir(routes, { recursive: true, mode: 0o700 });
    })();
    done.then(() => indexesDone.add(dir), () => undefined);
    indexed.set(dir, done);
  }
  return done;
}

/** Keys folders whose mirror folder this process made (0700): made once, not before every entry. */
const mirrorDirsMade = new Set<string>();

export async function writeMirror(dir: string, mirror: ChainMirror, notebook?: string): Promise<void> {
  if (!mirrorDirsMade.has(dir)) {
    await mkdir(path.join(dir, MIRROR_DIR), { recursive: true, mode: 0o700 });
    mirrorDirsMade.add(dir);
  }
  const file = mirrorFile(dir, mirror.cadena);
  // Rewritten after every entry: whole or previous, never torn; an fsync each time would double the
  // cost of an audit line, and a mirror left one entry behind by a power cut flags nothing false.
  // 0600 from its creation (the temporary file is renamed over the mirror), no chmod after.
  await writeFileAtomic(file, mirrorText(mirror), { durable: false, mode: 0o600 });
  await indexOnce(dir);
  await writeRoute(dir, mirror);
  if (notebook) await writeNotebookRoute(dir, notebook, mirror.cadena);
}

/**
 * Whether writeMirrorSync may write the mirror of `chain` for the log at `logPath`: once this
 * process has written it the asynchronous way (its folder made, the keys folder indexed, the route written).
 */
export function mirrorReadySync(dir: string, chain: string, logPath: string, notebook?: string): boolean {
  return mirrorDirsMade.has(dir) && indexesDone.has(dir) && routesWritten.has(routeKey(dir, { cadena: chain, ruta: logPath }))
    && (!notebook || notebookRoutesWritten.has(`${dir}\0${chain}\0${notebook}`));
}

/** writeMirror without the thread pool, for an audit group written under a lock held synchronously; only when mirrorReadySync. */
export function writeMirrorSync(dir: string, mirror: ChainMirror): void {
  writeFileAtomicSync(mirrorFile(dir, mirror.cadena), mirrorText(mirror), { mode: 0o600 });
}

const mirrorText = (mirror: ChainMirror): string => `${JSON.stringify(mirror)}\n`;

/** Removes every mirror whose last known path is `logPath` (a deletion starts that log's chain anew), and its route. */
export async function removeMirrorsOf(dir: string, logPath: string, notebook?: string): Promise<void> {
  if (notebook && CHAIN_ID.test(notebook)) {
    await rm(notebookRouteFile(dir, notebook), { force: true });
    for (const k of notebookRoutesWritten) if (k.startsWith(`${dir}\0`) && k.endsWith(`\0${notebook}`)) notebookRoutesWritten.delete(k);
  }
  // Rare («Borra mis datos»): a whole scan, so a chain the index never named is removed too.
  for await (const { file, m } of mirrorsIn(dir)) {
    if (m.ruta !== logPath) continue;
    await rm(file, { force: true });
    routesWritten.delete(routeKey(dir, m));
  }
  await rm(routeFile(dir, logPath), { force: true });
}
