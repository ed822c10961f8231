/**
 * A lowdb Adapter for one JSON state file: reads are validated (a hand-broken file is reported
 * with which file, what is wrong and how to recover — never replaced by an empty state) and writes
 * go through writeFileAtomic (temp file, fsync, rename). lowdb's own steno writer renames too, but
 * with a fixed temp name shared by every process and without fsync, so we bring our own.
 */
import path from 'node:path';
import type { Adapter } from 'lowdb';
import { StateFileError } from '../errors.js';
import { STORE } from '../strings/console.js';
import { writeFileAtomic } from '../lib/atomic.js';
import { readStateText, type ShapeCheck } from './document.js';

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
