/**
 * docs/design.md §6 idempotency: a key that depends on *what* is asked (`portada-2026-S3`), one JSON file per
 * key, written atomically, so a repeated request returns the stored result instead of generating
 * the cover twice. Only successes are stored (a failure must stay retryable), concurrent identical
 * requests share one execution (single flight), and a deliberate redo gets a versioned key
 * (`portada-2026-S3-v2`). A stored file that cannot be parsed is reported, never overwritten.
 */
import { access, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { CuadernoError, StateFileError } from '../errors.js';
import { writeRecord } from '../store/outputs.js';
import { withFileLock } from '../store/lock.js';
import { STATE, STATE_PROBLEMS } from '../strings/console.js';
import type { IdempotencyStore, ToolOutput } from '../tools/contract.js';
import { FAULT } from '../strings/log.js';

/** Format version of a stored result file; the loader refuses others instead of guessing. */
export const IDEMPOTENCY_FILE_VERSION = 1;

/** Keys become file names: letters, digits, `.`, `_`, `-`; no path separators, no leading dot. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const VERSION_SUFFIX = /-v(\d+)$/;

interface StoredResult {
  version: number;
  key: string;
  /** ISO time of the store; informative only — the key, not the time, decides a hit. */
  storedAt: string;
  output: ToolOutput;
  /**
   * JSON pointers (into `output`) of the strings that are paths inside the data folder, stored
   * relative to it: the record survives the folder moving (or the class-mode migration moving it).
   * Absent in records written before; their paths are absolute.
   */
  relativas?: string[];
}

/** `/a/0/b` → the value's parent and last key, walking `root`; undefined where the pointer does not lead. */
function pointerParent(root: unknown, pointer: string): { parent: Record<string, unknown>; key: string } | undefined {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const part of parts.slice(0, -1)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const key = parts.at(-1);
  return typeof node === 'object' && node !== null && key !== undefined && Object.hasOwn(node, key) ? { parent: node as Record<string, unknown>, key } : undefined;
}

/**
 * A copy of `output` whose absolute paths inside `root` are relative to it, and their pointers.
 * Pure: plain JSON in, plain JSON out.
 */
export function relativizePaths(output: ToolOutput, root: string): { output: ToolOutput; pointers: string[] } {
  const pointers: string[] = [];
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  const walk = (v: unknown, at: string): unknown => {
    if (typeof v === 'string') {
      if (path.isAbsolute(v) && v.startsWith(prefix) && !path.relative(root, v).startsWith('..')) {
        pointers.push(at);
        return path.relative(root, v);
      }
      return v;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${at}/${i}`));
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)]));
    }
    return v;
  };
  return { output: walk(output, '') as ToolOutput, pointers };
}

/**
 * The old data folder of a record written with absolute paths: the first artifact's path minus the
 * shortest tail that names a file under `root` now (`/tmp/old/portadas/semana_03.png` →
 * `/tmp/old` when `root/portadas/semana_03.png` exists). Every string under that old folder is
 * rebased onto `root`. Nothing found (files gone too) → the output as stored, which then misses.
 */
async function rebaseLegacyPaths(output: ToolOutput, root: string): Promise<ToolOutput> {
  const first = output.artifacts?.[0]?.path;
  if (!first || !path.isAbsolute(first) || (await exists(first))) return output;
  const parts = first.split(path.sep);
  for (let k = 1; k < parts.length - 1; k++) {
    if (!(await exists(path.join(root, ...parts.slice(-k))))) continue;
    const { output: moved, pointers } = relativizePaths(output, parts.slice(0, -k).join(path.sep));
    for (const pointer of pointers) {
      const at = pointerParent(moved, pointer);
      if (at && typeof at.parent[at.key] === 'string') at.parent[at.key] = path.join(root, at.parent[at.key] as string);
    }
    return moved;
  }
  return output;
}

// The key itself is domain knowledge the tools need too: it lives in the tools layer.
export { idempotencyKey } from '../tools/idempotency-key.js';

/** The key without its `-vN` suffix, and N (1 for the original). */
export function splitVersion(key: string): { base: string; version: number } {
  const m = VERSION_SUFFIX.exec(key);
  return m ? { base: key.slice(0, m.index), version: Number(m[1]) } : { base: key, version: 1 };
}

function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new CuadernoError('VALIDATION', FAULT.idempotencyKey(key), { field: 'key' });
}

/**
 * A stored output: `{data, artifacts}`, or a file written before outcomes were typed
 * (`{content: "<json>", artifacts}`), whose JSON text is the same data.
 */
function asOutput(v: unknown): ToolOutput | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as { data?: unknown; content?: unknown; artifacts?: ToolOutput['artifacts'] };
  if ('data' in o) return { data: o.data, ...(o.artifacts ? { artifacts: o.artifacts } : {}) };
  if (typeof o.content !== 'string') return undefined;
  try {
    return { data: JSON.parse(o.content), ...(o.artifacts ? { artifacts: o.artifacts } : {}) };
  } catch {
    return { data: o.content, ...(o.artifacts ? { artifacts: o.artifacts } : {}) };
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}

/**
 * A file-backed IdempotencyStore under `dir` (created on first write). Paths inside the data folder
 * are stored relative to it, and a stored result whose files are gone is a miss (made again). One store object per
 * directory per process: single flight is an in-memory map of in-flight promises.
 */
export function createFileIdempotencyStore(dir: string, opts: { root?: string } = {}): IdempotencyStore {
  /** The data folder the stored paths are relative to: the parent of `idempotencia/`. */
  const root = path.resolve(opts.root ?? path.dirname(dir));
  const inFlight = new Map<string, Promise<ToolOutput>>();
  const fileOf = (key: string): string => path.join(dir, `${key}.json`);

  async function get(key: string): Promise<ToolOutput | undefined> {
    checkKey(key);
    const file = fileOf(key);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new StateFileError('CORRUPT_STATE', file, STATE.resultNotJson(file));
    }
    const stored = parsed as Partial<StoredResult>;
    if (typeof parsed !== 'object' || parsed === null || typeof stored.version !== 'number') {
      throw new StateFileError('CORRUPT_STATE', file, STATE.resultShape(file));
    }
    if (stored.version !== IDEMPOTENCY_FILE_VERSION) {
      throw new StateFileError('UNSUPPORTED_VERSION', file, STATE_PROBLEMS.resultVersion(file, stored.version, IDEMPOTENCY_FILE_VERSION));
    }
    const output = asOutput(stored.output);
    if (!output) {
      throw new StateFileError('CORRUPT_STATE', file, STATE.resultInvalid(file));
    }
    // Paths stored relative to the data folder are made absolute against where it is now.
    const files: string[] = [];
    for (const pointer of Array.isArray(stored.relativas) ? stored.relativas : []) {
      const at = typeof pointer === 'string' ? pointerParent(output, pointer) : undefined;
      if (at && typeof at.parent[at.key] === 'string' && !path.isAbsolute(at.parent[at.key] as string)) {
        at.parent[at.key] = path.join(root, at.parent[at.key] as string);
        files.push(at.parent[at.key] as string);
      }
    }
    // A record written before paths were relative holds the absolute paths of wherever the data
    // folder was then (a moved folder, a class-mode migration): rebase them onto where it is now.
    const current = Array.isArray(stored.relativas) ? output : await rebaseLegacyPaths(output, root);
    for (const a of current.artifacts ?? []) if (!files.includes(a.path)) files.push(a.path);
    // An answer from the cache must point at files that exist: otherwise it is made again.
    for (const f of files) if (!(await exists(f))) return undefined;
    return current;
  }

  async function put(key: string, output: ToolOutput): Promise<void> {
    const rel = relativizePaths(output, root);
    const record: StoredResult = { version: IDEMPOTENCY_FILE_VERSION, key, storedAt: new Date().toISOString(), output: rel.output, relativas: rel.pointers };
    await writeRecord(fileOf(key), record);
  }

  async function runOnce(key: string, work: () => Promise<ToolOutput>, opts: { acrossProcesses?: boolean } = {}): Promise<{ output: ToolOutput; cached: boolean }> {
    checkKey(key);
    // A joiner did not run the work: for it the result is as good as cached.
    const pending = inFlight.get(key);
    if (pending) return { output: await pending, cached: true };
    let ran = false;
    // Across processes (the bot and a `cuaderno` command) the key's file lock does what the
    // in-flight map does here: the second one waits, then finds the first one's stored result.
    // Asked for by sensitive effects only: the others are safe to repeat (cards are deduplicated
    // in the deck under its own lock) and the lock is not free.
    const once = async () => {
      // A corrupt file throws here and the work does not run: we never overwrite it silently.
      const stored = await get(key);
      if (stored) return stored;
      ran = true;
      const output = await work();
      await put(key, output);
      return output;
    };
    const flight = opts.acrossProcesses ? withFileLock(fileOf(key), once, { long: true }) : once();
    inFlight.set(key, flight);
    try {
      const output = await flight;
      return { output, cached: !ran };
    } finally {
      inFlight.delete(key);
    }
  }

  async function nextVersion(key: string): Promise<string> {
    checkKey(key);
    const { base } = splitVersion(key);
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const taken = new Set<number>();
    const consider = (k: string): void => {
      const s = splitVersion(k);
      if (s.base === base) taken.add(s.version);
    };
    for (const name of names) if (name.endsWith('.json') && !name.startsWith('.')) consider(name.slice(0, -'.json'.length));
    for (const k of inFlight.keys()) consider(k);
    // Nothing stored yet: the "redo" is a first do, under the plain key.
    if (!taken.has(1)) return base;
    // Past the highest version, not into a gap: versions only grow, so "the latest" stays clear.
    return `${base}-v${Math.max(1, ...taken) + 1}`;
  }

  return { get, runOnce, nextVersion };
}
