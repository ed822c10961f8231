/**
 * A small record, one file per key (a course proposal, an import), as a durable document
 * (store/document.ts): the file holds the record itself, a key with no file is `null` (the
 * format's `empty`), and a change replaces the whole record. Each key is its own document, locked
 * on each change: a change re-reads the file under its lock, so two processes never lose each
 * other's, and a damaged file is refused with its format's sentence, never reset.
 */
import { DurableDocument, type DocumentFormat, type WriteText } from './document.js';

export type RecordFormat<T extends object> = DocumentFormat<T | null>;

/** Replaces what `doc` holds by `next`, in place (a document's change works on the document it is given). */
function replaceIn<T extends object>(doc: T, next: T): void {
  const fields = doc as Record<string, unknown>;
  for (const k of Object.keys(fields)) if (!(k in next)) delete fields[k];
  Object.assign(doc, structuredClone(next));
}

export class RecordFile<T extends object> {
  readonly doc: DurableDocument<T | null>;
  constructor(readonly file: string, format: RecordFormat<T>, write?: WriteText) {
    this.doc = new DurableDocument(file, format, write);
  }

  /** The record as the file holds it now (one of an earlier layout is written back once); undefined when absent. */
  async read(): Promise<T | undefined> {
    return (await this.doc.current()) ?? undefined;
  }

  /**
   * Reads the record under its lock and hands it to `fn`: the record `fn` returns in `next` is
   * written (whole), none leaves the file as it was. `fn` runs on the fresh read, with no clock
   * or random of its own (store/document.ts). A change that needs no lock because the record is
   * absent runs without it.
   */
  async change<R>(fn: (current: T | undefined) => { next?: T; value: R }): Promise<R> {
    // No record, no lock to take (its folder may not even exist): a change of nothing writes nothing.
    if ((await this.read()) === undefined) return fn(undefined).value;
    return this.doc.mutate((doc) => {
      const out = fn(doc === null ? undefined : structuredClone(doc));
      if (out.next !== undefined && doc === null) throw new Error(`${this.file}: a record that is not there cannot change (write it first)`);
      if (out.next !== undefined) replaceIn(doc!, out.next);
      return out;
    }, { changed: (out) => out.next !== undefined }).then((out) => out.value);
  }

  /** Writes a new record whole, without reading the file (a record just made). */
  write(record: T): Promise<void> {
    return this.doc.replace(record);
  }
}
