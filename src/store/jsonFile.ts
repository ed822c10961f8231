/**
 * A lowdb Adapter for one JSON state file: reads are validated (a hand-broken file is reported
 * with which file, what is wrong and how to recover — never replaced by an empty state) and writes
 * go through writeFileAtomic (temp file, fsync, rename). lowdb's own steno writer renames too, but
 * with a fixed temp name shared by every process and without fsync, so we bring our own.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import { StateFileError } from '../errors.js';
import { STATE, STORE } from '../strings/console.js';
import { writeFileAtomic } from '../lib/atomic.js';

/** Checks parsed JSON; returns a Spanish description of the first problem, or undefined if valid. */
export type ShapeCheck<T> = (data: unknown) => { ok: true; value: T } | { ok: false; problem: string };

export class ValidatedJsonFile<T> implements Adapter<T> {
  constructor(
    readonly file: string,
    private readonly check: ShapeCheck<T>,
    /** Spanish sentence: what happens if the owner deletes the file (how to recover). */
    private readonly recovery: string,
  ) {}

  async read(): Promise<T | null> {
    const text = await readStateText(this.file, (problem) => this.corrupt(problem));
    if (text === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw this.corrupt(STORE.notJson((e as Error).message));
    }
    const result = this.check(parsed);
    if (!result.ok) throw this.corrupt(result.problem);
    return result.value;
  }

  async write(data: T): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`);
  }

  /** The error every reader of this file reports: file, problem, recovery; the file is left as is. */
  corrupt(problem: string): StateFileError {
    return new StateFileError('CORRUPT_STATE', this.file, STORE.damaged(this.file, problem, this.recovery));
  }

  get name(): string {
    return path.basename(this.file);
  }
}

/**
 * Most bytes of a JSON state file read whole (notes, cards, reviews, the class, the bot's pending
 * approvals): 64 MB. At least 10,000 notes of up to 6 KB each fit in `notas.json`.
 */
export const STATE_FILE_MAX_BYTES = 64 * 2 ** 20;

const mb = (bytes: number) => Math.ceil(bytes / 2 ** 20);

/**
 * A state file's text, or null when it does not exist. One larger than `maxBytes` is refused before
 * it is read (one sentence through `fail`). A UTF-8 BOM (what some editors add) is
 * dropped; a directory, or a file that cannot be read, is reported through `fail(problem)` — one
 * Spanish sentence — instead of a raw EISDIR/EACCES.
 */
export async function readStateText(file: string, fail: (problem: string) => Error, maxBytes = STATE_FILE_MAX_BYTES): Promise<string | null> {
  let text: string;
  let size = 0;
  try {
    // Checked before reading: a state file is read whole, so its size must never exhaust memory.
    size = (await stat(file)).size;
    text = size > maxBytes ? '' : await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EISDIR') throw fail(STORE.unreadableFolder);
    if (code === 'EACCES' || code === 'EPERM') throw fail(STORE.unreadablePermission);
    throw fail(STORE.unreadable(code ?? (e as Error).message));
  }
  if (size > maxBytes) throw fail(STATE.tooBig(mb(size), mb(maxBytes)));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Serialises async work per key inside this process (read-modify-write of one file). */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();
  run<R>(fn: () => Promise<R>): Promise<R> {
    const next = this.#tail.then(fn, fn);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

/** Shape helpers shared by the notebook's files. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isPositiveId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}
