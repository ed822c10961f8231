/**
 * SPEC §6 idempotency: a key that depends on *what* is asked (`portada-2026-S3`), one JSON file per
 * key, written atomically, so a repeated request returns the stored result instead of generating
 * the cover twice. Only successes are stored (a failure must stay retryable), concurrent identical
 * requests share one execution (single flight), and a deliberate redo gets a versioned key
 * (`portada-2026-S3-v2`). A stored file that cannot be parsed is reported, never overwritten.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { CuadernoError, StateFileError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic.js';
import { withFileLock } from '../store/lock.js';
import { STATE } from '../strings/console.js';
import type { IdempotencyStore, ToolOutput } from '../tools/contract.js';

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
}

// The key itself is domain knowledge the tools need too: it lives in the tools layer.
export { idempotencyKey } from '../tools/idempotency-key.js';

/** The key without its `-vN` suffix, and N (1 for the original). */
export function splitVersion(key: string): { base: string; version: number } {
  const m = VERSION_SUFFIX.exec(key);
  return m ? { base: key.slice(0, m.index), version: Number(m[1]) } : { base: key, version: 1 };
}

function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new CuadernoError('VALIDATION', `Clave de idempotencia no válida: "${key}"`, { field: 'key' });
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

/**
 * A file-backed IdempotencyStore under `dir` (created on first write). One store object per
 * directory per process: single flight is an in-memory map of in-flight promises.
 */
export function createFileIdempotencyStore(dir: string): IdempotencyStore {
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
      throw new StateFileError('UNSUPPORTED_VERSION', file, `El resultado guardado ${file} tiene la versión ${stored.version}; esta versión solo lee la ${IDEMPOTENCY_FILE_VERSION}.`);
    }
    const output = asOutput(stored.output);
    if (!output) {
      throw new StateFileError('CORRUPT_STATE', file, STATE.resultInvalid(file));
    }
    return output;
  }

  async function put(key: string, output: ToolOutput): Promise<void> {
    const record: StoredResult = { version: IDEMPOTENCY_FILE_VERSION, key, storedAt: new Date().toISOString(), output };
    await writeFileAtomic(fileOf(key), `${JSON.stringify(record, null, 2)}\n`);
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
