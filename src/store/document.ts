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
 * - `mutate(fn)`, the one discipline: `fn` runs on a copy, the copy is checked and written, and only
 *   then does `fn` run on the document in memory. A change that cannot be written (disk full, a
 *   value the check refuses) leaves memory and disk as they were. `fn` runs twice, so it must
 *   depend only on the document it is given and on values computed before the call (no clock, no
 *   random): replaying it keeps the identity of the objects callers hold (a record shown in a chat,
 *   a timer's approval). Changes made while a write is on its way share the next write.
 */
import { Low, type Adapter } from 'lowdb';
import { StateFileError } from '../errors.js';
import { STORE } from '../strings/console.js';
import { writeFileAtomic } from '../lib/atomic.js';
import { readStateText, type ShapeCheck } from './jsonFile.js';
import { holdFileLock, withFileLock } from './lock.js';

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
  /** The file's text (default: two-space JSON with a final newline). */
  serialize?(doc: T): string;
}

/** A document's text as written (`write` is replaceable so a test can count or fail writes). */
export type WriteText = (file: string, text: string) => Promise<void>;

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
    this.migrated = false;
    const text = await readStateText(this.file, (problem) => this.refusal('unreadable', problem));
    this.found = text !== null;
    if (text === null) return null;
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
      this.migrated = true;
      const next = versionOf(doc);
      if (next === v) throw new Error(`migration from version ${v} of ${this.file} did not change the version`);
      v = next;
    }
    const checked = this.format.check(doc);
    if (!checked.ok) throw this.refusal('shape', checked.problem);
    return checked.value;
  }

  /** Checks `doc` and writes it atomically; a document the check refuses is never written. */
  async write(doc: T): Promise<void> {
    const checked = this.format.check(doc);
    if (!checked.ok) throw new StateFileError('CORRUPT_STATE', this.file, STORE.notSaved(this.file, checked.problem));
    await this.writeText(this.file, this.format.serialize ? this.format.serialize(doc) : `${JSON.stringify(doc, null, 2)}\n`);
  }
}

interface Pending {
  change: (doc: never) => unknown;
  settle: (error: unknown, value?: unknown) => void;
}

export class DurableDocument<T> {
  readonly adapter: DocumentAdapter<T>;
  readonly #low: Low<T>;
  #writing: Promise<void> = Promise.resolve();
  /** The changes waiting for the next write (it has not started yet). */
  #queued: Pending[] | undefined;
  #release: (() => Promise<void>) | undefined;
  #opened = false;

  constructor(readonly file: string, private readonly format: DocumentFormat<T>, write?: WriteText) {
    this.adapter = new DocumentAdapter(file, format, write);
    this.#low = new Low<T>(this.adapter, format.empty());
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

  async #load(): Promise<void> {
    await this.#low.read();
    // lowdb keeps what it had when the file is absent; a file removed since (erased by its owner) is the empty document.
    if (!this.adapter.found) this.#low.data = this.format.empty();
    if (this.adapter.migrated) await this.adapter.write(this.#low.data);
  }

  #locked<R>(fn: () => Promise<R>): Promise<R> {
    return this.format.lock?.kind === 'each-change' ? withFileLock(this.file, fn) : fn();
  }

  /**
   * Changes the document: `change` runs on a copy, the copy is checked and written, then `change`
   * runs on memory and its result is returned. Settles once a file holding the change is on disk;
   * rejects — memory and disk untouched — if that write fails or the check refuses the result.
   */
  mutate<R>(change: (doc: T) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const pending: Pending = { change, settle: (e, v) => (e === undefined ? resolve(v as R) : reject(e)) };
      if (this.#queued) return void this.#queued.push(pending);
      const batch: Pending[] = [pending];
      this.#queued = batch;
      this.#writing = this.#writing.then(() => this.#commit(batch));
    });
  }

  async #commit(batch: Pending[]): Promise<void> {
    // From here on a change waits for the next write: this one's copy is taken now.
    this.#queued = undefined;
    try {
      await this.#locked(async () => {
        // Another process may have changed the file since: its changes are the base of ours.
        if (this.format.lock?.kind === 'each-change' || !this.#opened) await this.#load();
        const draft = structuredClone(this.#low.data);
        for (const p of batch) (p.change as (d: T) => unknown)(draft);
        await this.adapter.write(draft);
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
   * The document as the file holds it now: with a lock on each change, read again (under the lock
   * another process may have written it); otherwise what memory holds, which is what was written.
   */
  async current(): Promise<T> {
    if (this.format.lock?.kind === 'each-change' || !this.#opened) {
      await this.#writing;
      await this.#locked(() => this.#load());
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
