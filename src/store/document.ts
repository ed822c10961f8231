/**
 * One durable document: a versioned JSON state file as a lowdb `Low<T>` over one adapter of ours.
 * What every state file needs is here once:
 * - reads are checked (a format's ShapeCheck — for a schema, `schemaCheck`, whose phrases come from
 *   the one describer, schema-problem.ts) and a damaged file is refused with which file, what is
 *   wrong and how to recover, never replaced by an empty state;
 * - the format's `version` and its migrations: a file of an earlier layout is read through them
 *   ONCE, on the first read, and rewritten in the current layout then, not read the old way at
 *   every start;
 * - atomic writes (temp file, fsync, rename: atomic.ts);
 * - the inter-process lock, where the file has one: `lifetime` (one process owns the file while it
 *   lives: the bot's state) or `each-change` (every change re-reads the file under the lock, so
 *   changes of other processes are kept);
 * - the helpers a format's check reads with (`readStateText` with its size bound, `ShapeCheck`,
 *   `isPlainObject`, `isPositiveId`): every state file is read through here;
 * - `mutate(fn)`, the one discipline: `fn` runs on a copy, the copy is checked and written, and only
 *   then does `fn` run on the document in memory. A change that cannot be written (disk full, a
 *   value the check refuses) leaves memory and disk as they were. `fn` may run twice, so it must
 *   depend only on the document it is given and on values computed before the call (no clock, no
 *   random, no counter of its own: an id comes from the document): replaying it keeps the identity
 *   of the objects callers hold (a record shown in a chat, a timer's approval). Changes made while a
 *   write is on its way share the next write.
 *   With a lock on each change the document is read from disk under the lock before every change,
 *   so that fresh read is already a copy nobody holds: `fn` runs once, on it, with no second copy
 *   (a deck of thousands of cards is written often); should the write fail, memory is read again.
 */
import { readFile, stat } from 'node:fs/promises';
import type { ErrorObject } from 'ajv';
import { Low, type Adapter } from 'lowdb';
import { StateFileError } from '../errors.js';
import { STATE, STORE } from '../strings/console.js';
import { createFileIfAbsent, writeFileAtomic } from '../lib/atomic.js';
import { holdFileLock, withFileLock } from './lock.js';
import { schemaProblem, type SchemaWords } from './schema-problem.js';

/** Checks parsed JSON; returns a Spanish description of the first problem, or undefined if valid. */
export type ShapeCheck<T> = (data: unknown) => { ok: true; value: T } | { ok: false; problem: string };

/**
 * A ShapeCheck from a compiled schema: the value as it is when it fits, else the describer's phrase
 * (schema-problem.ts, reached only when something is wrong).
 */
export function schemaCheck<T>(validator: () => { (data: unknown): boolean; errors?: ErrorObject[] | null }, words?: SchemaWords): ShapeCheck<T> {
  return (data) => {
    const validate = validator();
    return validate(data) ? { ok: true, value: data as T } : { ok: false, problem: schemaProblem(validate.errors![0]!, words) };
  };
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

/** Shape helpers shared by the notebook's files. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isPositiveId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

/** How a failed read is told: the default is STORE.damaged with the format's recovery sentence. */
export type Refusal = (kind: 'unreadable' | 'not-json' | 'version' | 'shape', problem: string, found?: unknown) => Error;

export interface DocumentFormat<T> {
  /** The layout this program writes. */
  readonly version: number;
  /** The document of a file that does not exist yet. */
  empty(): T;
  /** Checks a document of the current version (after migrations); a phrase for the first problem. */
  readonly check: ShapeCheck<T>;
  /**
   * Readers of earlier layouts, by the version they read: each turns a document of that version
   * (`versionOf`) into one of a later version, until `version` is reached. A step may be async (it
   * runs under the file's lock, before the current layout is written back: what it must first put
   * elsewhere — the bot's copies of decisions, into the runs' files — is there before they go).
   */
  readonly migrations?: Readonly<Record<number, (old: unknown) => unknown>>;
  /** The version of a parsed file (default its `version` field; a format whose first layout had none says which). */
  versionOf?(raw: unknown): number | undefined;
  /** What happens if the owner deletes the file (how to recover), for the default refusal. */
  readonly recovery: string;
  /** A format with sentences of its own for a refused read (the bot's state). */
  readonly refuse?: (file: string) => Refusal;
  readonly lock?: { kind: 'lifetime'; busy: string } | { kind: 'each-change' };
  /**
   * The text a file that does not exist is created with before it is read (the notes' shipped
   * examples): created once, by whichever process comes first. Default: none, the document starts
   * as `empty()` and the file is written with its first change.
   */
  seed?(file: string): Promise<string>;
  /** The file's text (default: two-space JSON with a final newline). */
  serialize?(doc: T): string;
}

/** A document's text as written (`write` is replaceable so a test can count or fail writes). */
export type WriteText = (file: string, text: string) => Promise<void>;

/**
 * Work that follows each write of the document inside its lock (the notes keep their search index
 * beside `notas.json` with it): `snapshot` takes what it needs of the document before a change,
 * `around` runs in place of the bare write — `write()` puts `next` on disk.
 */
export interface WriteHook<T, S = unknown> {
  snapshot(doc: T): S;
  around(write: () => Promise<void>, before: S, next: T): Promise<void>;
}

const versionField = (raw: unknown): number | undefined => {
  const v = (raw as { version?: unknown } | null)?.version;
  return typeof raw === 'object' && raw !== null && typeof v === 'number' ? v : undefined;
};

/** The lowdb adapter: one read = parse, migrate, check; one write = check, atomic write. */
export class DocumentAdapter<T> implements Adapter<T> {
  /** True after a read that went through a migration (the caller writes the current layout back). */
  migrated = false;
  /** Whether the last read found the file. */
  found = false;
  constructor(readonly file: string, private readonly format: DocumentFormat<T>, private readonly writeText: WriteText = writeFileAtomic) {}

  private refusal(kind: Parameters<Refusal>[0], problem: string, found?: unknown): Error {
    if (this.format.refuse) return this.format.refuse(this.file)(kind, problem, found);
    return new StateFileError(kind === 'version' ? 'UNSUPPORTED_VERSION' : 'CORRUPT_STATE', this.file, STORE.damaged(this.file, problem, this.format.recovery));
  }

  async read(): Promise<T | null> {
    const { doc, migrated } = await this.readDocument();
    this.migrated = migrated;
    this.found = doc !== null;
    return doc;
  }

  /** One read and whether it went through a migration (what `read` leaves in `migrated`, for reads that may overlap). */
  async readDocument(): Promise<{ doc: T | null; migrated: boolean }> {
    let migrated = false;
    const text = await readStateText(this.file, (problem) => this.refusal('unreadable', problem));
    if (text === null) return { doc: null, migrated };
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw this.refusal('not-json', STORE.notJson((e as Error).message));
    }
    const versionOf = this.format.versionOf ?? versionField;
    for (let v = versionOf(doc); v !== this.format.version;) {
      const step = v === undefined ? undefined : this.format.migrations?.[v];
      if (!step) throw this.refusal('version', STORE.newerVersion(v ?? (doc as { version?: unknown } | null)?.version, this.format.version), v);
      doc = await step(doc);
      migrated = true;
      const next = versionOf(doc);
      if (next === v) throw new Error(`migration from version ${v} of ${this.file} did not change the version`);
      v = next;
    }
    const checked = this.format.check(doc);
    if (!checked.ok) throw this.refusal('shape', checked.problem);
    return { doc: checked.value, migrated };
  }

  /** Checks `doc` and writes it atomically; a document the check refuses is never written. */
  async write(doc: T): Promise<void> {
    const checked = this.format.check(doc);
    if (!checked.ok) throw new StateFileError('CORRUPT_STATE', this.file, STORE.notSaved(this.file, checked.problem));
    await this.writeText(this.file, this.format.serialize ? this.format.serialize(doc) : `${JSON.stringify(doc, null, 2)}\n`);
  }
}

/** Whether a change's result says it changed the document (a change that cannot tell: yes). */
const changes = (p: Pending, value: unknown): boolean => !p.changed || (p.changed as (v: unknown) => boolean)(value);

/** Thrown inside the lock when a change of a batch threw: nothing is written, the batch is tried again without it. */
class PartlyThrown extends Error {}

interface Pending {
  change: (doc: never) => unknown;
  changed?: (value: never) => boolean;
  settle: (error: unknown, value?: unknown) => void;
}

export class DurableDocument<T> {
  readonly adapter: DocumentAdapter<T>;
  readonly #low: Low<T>;
  readonly #hook: WriteHook<T> | undefined;
  readonly #eachChange: boolean;
  #writing: Promise<void> = Promise.resolve();
  /** The changes waiting for the next write (it has not started yet). */
  #queued: Pending[] | undefined;
  /** The reads of a document locked on each change, one after the other. */
  #reads: Promise<unknown> = Promise.resolve();
  /** Batches of changes queued or being written. */
  #inFlight = 0;
  #release: (() => Promise<void>) | undefined;
  #opened = false;

  constructor(readonly file: string, private readonly format: DocumentFormat<T>, write?: WriteText, hook?: WriteHook<T>) {
    this.adapter = new DocumentAdapter(file, format, write);
    this.#low = new Low<T>(this.adapter, format.empty());
    this.#hook = hook;
    this.#eachChange = format.lock?.kind === 'each-change';
  }

  /** The document in memory (what is on disk). Change it only through `mutate`. */
  get data(): T {
    return this.#low.data;
  }

  /**
   * Takes the lifetime lock (if the format has one), reads the file (absent: the empty document),
   * and writes it back in the current layout when it was read through a migration — once.
   */
  async open(): Promise<this> {
    if (this.format.lock?.kind === 'lifetime') this.#release ??= await holdFileLock(this.file, this.format.lock.busy);
    await this.#locked(() => this.#load());
    this.#opened = true;
    return this;
  }

  /** Reads the file into memory and returns what was read; `writeBack` (the lock held): a migrated file is rewritten now. */
  async #load(writeBack = true, hooked = true): Promise<T> {
    const read = await this.#read();
    // A file removed since (erased by its owner) is the empty document.
    const doc = read.doc ?? this.format.empty();
    this.#low.data = doc;
    if (writeBack && read.migrated) {
      if (hooked) await this.#write(this.#hook?.snapshot(doc), doc);
      else await this.adapter.write(doc);
    }
    return doc;
  }

  async #read(): Promise<{ doc: T | null; migrated: boolean }> {
    const read = await this.adapter.readDocument();
    if (read.doc !== null || !this.format.seed) return read;
    await createFileIfAbsent(this.file, await this.format.seed(this.file));
    return this.adapter.readDocument();
  }

  async #write(before: unknown, doc: T): Promise<void> {
    if (this.#hook) await this.#hook.around(() => this.adapter.write(doc), before, doc);
    else await this.adapter.write(doc);
  }

  #locked<R>(fn: () => Promise<R>): Promise<R> {
    return this.#eachChange ? withFileLock(this.file, fn) : fn();
  }

  /**
   * Changes the document: `change` runs on a copy, the copy is checked and written, then `change`
   * runs on memory and its result is returned. Settles once a file holding the change is on disk;
   * rejects — memory and disk untouched — if that write fails or the check refuses the result.
   * `changed`: whether a change's result says it changed anything; a batch of changes that all
   * say no is not written (a card already in the deck, a note that is not there).
   */
  mutate<R>(change: (doc: T) => R, opts: { changed?: (value: R) => boolean } = {}): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const pending: Pending = { change, changed: opts.changed, settle: (e, v) => (e === undefined ? resolve(v as R) : reject(e)) };
      if (this.#queued) return void this.#queued.push(pending);
      const batch: Pending[] = [pending];
      this.#queued = batch;
      this.#inFlight += 1;
      this.#writing = this.#writing
        .then(() => (this.#eachChange ? this.#commitFresh(batch) : this.#commit(batch)))
        .finally(() => void (this.#inFlight -= 1));
    });
  }

  /**
   * Replaces the whole document (a course set anew, a change record): checked and written, then
   * memory has it. The file it replaces is not read, so a damaged one is replaced, not refused.
   */
  replace(next: T): Promise<void> {
    // A change asked after this one joins a later write, not one queued before it.
    this.#queued = undefined;
    this.#inFlight += 1;
    const done = this.#writing.then(() =>
      this.#locked(async () => {
        await this.#write(this.#hook?.snapshot(this.#low.data), next);
        this.#low.data = next;
        this.#opened = true;
      }));
    this.#writing = done.catch(() => undefined).finally(() => void (this.#inFlight -= 1));
    return done;
  }

  /** A batch of changes on the document just read under the lock: each runs once, on that read. */
  async #commitFresh(batch: Pending[]): Promise<void> {
    this.#queued = undefined;
    const values: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await withFileLock(this.file, async () => {
        // Another process may have changed the file since: its changes are the base of ours.
        const doc = await this.#load();
        const before = this.#hook?.snapshot(doc);
        for (const p of batch) {
          try {
            values.push({ ok: true, value: (p.change as (d: T) => unknown)(doc) });
          } catch (error) {
            // One change that throws fails alone; what it did before throwing is undone below.
            values.push({ ok: false, error });
          }
        }
        if (values.some((v) => !v.ok)) throw new PartlyThrown();
        if (batch.some((p, i) => changes(p, (values[i] as { value: unknown }).value))) await this.#write(before, doc);
      });
    } catch (e) {
      if (e instanceof PartlyThrown) return this.#retryWithout(batch, values);
      // Memory held the change that was not written: it is read again (a failed read leaves it for the next change to re-read).
      await this.#load(false).catch(() => undefined);
      for (const p of batch) p.settle(e);
      return;
    }
    batch.forEach((p, i) => p.settle(undefined, (values[i] as { value: unknown }).value));
  }

  /** Some changes of a batch threw: they fail alone, the others are written without them. */
  async #retryWithout(batch: Pending[], values: ReadonlyArray<{ ok: boolean; error?: unknown }>): Promise<void> {
    const rest = batch.filter((p, i) => {
      if (values[i]!.ok) return true;
      p.settle(values[i]!.error);
      return false;
    });
    if (rest.length > 0) await this.#commitFresh(rest);
    else await this.#load(false).catch(() => undefined);
  }

  async #commit(batch: Pending[]): Promise<void> {
    // From here on a change waits for the next write: this one's copy is taken now.
    this.#queued = undefined;
    try {
      await this.#locked(async () => {
        if (!this.#opened) await this.#load();
        const before = this.#hook?.snapshot(this.#low.data);
        const draft = structuredClone(this.#low.data);
        const values = batch.map((p) => (p.change as (d: T) => unknown)(draft));
        if (batch.some((p, i) => changes(p, values[i]))) await this.#write(before, draft);
      });
    } catch (e) {
      for (const p of batch) p.settle(e);
      return;
    }
    for (const p of batch) {
      let value: unknown;
      try {
        value = (p.change as (d: T) => unknown)(this.#low.data);
      } catch (e) {
        // It ran on the copy without throwing: a change that does not depend only on its document.
        p.settle(e);
        continue;
      }
      p.settle(undefined, value);
    }
  }

  /**
   * The document as the file holds it now: with a lock on each change, read again (writes are
   * renames, so a read needs neither the lock nor to wait for this process's writes on their way:
   * a change is on disk once its `mutate` settled); otherwise what memory holds, which is what was
   * written. With a lock on each change, each call gets a read of its own, which the caller may
   * keep and change.
   */
  async current(): Promise<T> {
    if (this.#eachChange) {
      // Reads of this process are answered in the order asked, as the writes are (two answers
      // rated at once keep their order: each reads, then writes).
      const reading = this.#reads.then(() => this.#read());
      this.#reads = reading.catch(() => undefined);
      const read = await reading;
      // A file still in an earlier layout is written back now, under the lock, read again there —
      // unless a write of this process is on its way: it reads the file under the lock and writes
      // it in the current layout anyway, and a reader inside its write hook's own work (the notes'
      // index reads the notes) must not wait for it. This write-back is not the hook's: the next
      // reader of what the hook keeps sees the file changed.
      if (read.migrated && this.#inFlight === 0) return this.#locked(() => this.#load(true, false));
      return (this.#low.data = read.doc ?? this.format.empty());
    }
    if (!this.#opened) {
      await this.#writing;
      await this.#load();
      this.#opened = true;
    }
    return this.#low.data;
  }

  /** Waits for the writes on their way (shutdown). */
  async flush(): Promise<void> {
    await this.#writing;
  }

  /** Writes what is pending and releases the lifetime lock, so the next process can take the file. */
  async close(): Promise<void> {
    await this.flush();
    const release = this.#release;
    this.#release = undefined;
    await release?.();
  }
}
