/**
 * Where the embedded Bot API keeps what the bot uploads: bytes on disk under the given directory,
 * an in-memory index by `file_id` (re-sending by id works, as on Telegram) and by `file_path`
 * (what `getFile` returns and `/file/bot<token>/<file_path>` serves).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../lib/atomic.js';
import { extensionFor, imageSize, sniffMime, wavDurationS } from './media.js';

/** Telegram's folder names for each kind of file (they show up in `getFile`'s `file_path`). */
export type FileKind = 'photos' | 'music' | 'documents' | 'voice';

/** Prefixes in the style of Telegram's file ids, so logs look familiar. Opaque either way. */
const ID_PREFIX: Record<FileKind, string> = { photos: 'AgACAgEAAxkBAA', music: 'CQACAgEAAxkBAA', documents: 'BQACAgEAAxkBAA', voice: 'AwACAgEAAxkBAA' };

export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  /** Relative path, Telegram style: `photos/file_3.png`. */
  file_path: string;
  /** Absolute path on disk. */
  absPath: string;
  kind: FileKind;
  mime: string;
  size: number;
  /** Name the uploader gave (or Telegram's default `photo.jpg` style). */
  filename: string;
  /** Pixel size for PNG/JPEG, read from the header at upload. */
  image?: { width: number; height: number };
  /** Whole seconds for a PCM WAV, read from the header at upload. */
  durationS?: number;
  /** Milliseconds since the epoch when it was saved (retention.ts: the newest are kept). */
  savedAt?: number;
}

/** A stored file as persist.ts keeps it: everything but `absPath`, which is rebuilt from `dir`. */
export type StoredFileRecord = Omit<StoredFile, 'absPath'>;

/** The index that survives a restart; `counter` keeps new files from overwriting old ones. */
export interface FileStoreSnapshot {
  counter: number;
  files: StoredFileRecord[];
}

/** The only `file_path` shape this store ever writes; anything else in a saved index is refused. */
export const FILE_PATH_RE = /^(photos|music|documents|voice)\/file_(\d+)\.[a-z0-9]{1,5}$/;

export class FileStore {
  private readonly byId = new Map<string, StoredFile>();
  private readonly byPath = new Map<string, StoredFile>();
  private counter = 0;

  /**
   * @param dir directory the files are written to (created on first save).
   * @param onChange called after each new file is indexed (persistence marks itself dirty).
   */
  /**
   * @param retention the bytes kept in all and the age under which a file is never deleted
   *   (retention.ts); default: nothing is deleted.
   */
  constructor(readonly dir: string, private readonly onChange: () => void = () => {},
    private readonly retention: { fileBytes: number; fileMinAgeMs: number } = { fileBytes: Infinity, fileMinAgeMs: 0 },
    private readonly now: () => number = Date.now) {}

  /** Writes the bytes atomically and indexes them; returns the new file's record. */
  async save(data: Buffer, filename: string, kind: FileKind): Promise<StoredFile> {
    const mime = sniffMime(data, filename);
    const file_path = `${kind}/file_${this.counter++}.${extensionFor(mime, filename)}`;
    const absPath = path.join(this.dir, ...file_path.split('/'));
    await writeFileAtomic(absPath, data);
    const file: StoredFile = {
      file_id: ID_PREFIX[kind] + randomBytes(30).toString('base64url'),
      file_unique_id: 'AQAD' + randomBytes(9).toString('base64url'),
      file_path, absPath, kind, mime, size: data.length, filename, savedAt: this.now(),
    };
    const image = imageSize(data);
    if (image) file.image = image;
    const durationS = wavDurationS(data);
    if (durationS !== undefined) file.durationS = durationS;
    this.byId.set(file.file_id, file);
    this.byPath.set(file_path, file);
    await this.prune();
    this.onChange();
    return file;
  }

  /**
   * Deletes the oldest files until the rest fit in `retention.fileBytes`, never one saved less
   * than `retention.fileMinAgeMs` ago. The index forgets a file before its bytes go, so nothing
   * serves a file half deleted; a file whose bytes are gone is dropped at the next start too.
   */
  private async prune(): Promise<void> {
    let total = 0;
    for (const f of this.byId.values()) total += f.size;
    if (total <= this.retention.fileBytes) return;
    const oldEnough = this.now() - this.retention.fileMinAgeMs;
    const gone: StoredFile[] = [];
    // Maps keep insertion order: saved order, oldest first (restored ones before new ones).
    for (const f of this.byId.values()) {
      if (total <= this.retention.fileBytes) break;
      if ((f.savedAt ?? 0) > oldEnough) continue;
      gone.push(f);
      total -= f.size;
    }
    for (const f of gone) {
      this.byId.delete(f.file_id);
      this.byPath.delete(f.file_path);
    }
    await Promise.all(gone.map((f) => rm(f.absPath, { force: true })));
  }

  /** The index as plain data (bytes stay on disk under `dir`). */
  snapshot(): FileStoreSnapshot {
    return { counter: this.counter, files: [...this.byId.values()].map(({ absPath: _abs, ...rest }) => rest) };
  }

  /**
   * Loads a saved index into an empty store (start-up). Records must have a `file_path` this store
   * could have written (never a path outside `dir`); the counter continues past every one of them.
   */
  restore(s: FileStoreSnapshot): void {
    this.counter = s.counter;
    for (const record of s.files) {
      const m = FILE_PATH_RE.exec(record.file_path);
      if (!m) throw new RangeError(`file_path inválido: ${record.file_path}`);
      const file: StoredFile = { ...record, absPath: path.join(this.dir, ...record.file_path.split('/')) };
      this.byId.set(file.file_id, file);
      this.byPath.set(file.file_path, file);
      this.counter = Math.max(this.counter, Number(m[2]) + 1);
    }
  }

  /** The file with this `file_id`, or undefined (Telegram: "wrong file identifier"). */
  get(fileId: string): StoredFile | undefined {
    return this.byId.get(fileId);
  }

  /** The file with this relative `file_path`, or undefined. */
  getByPath(filePath: string): StoredFile | undefined {
    return this.byPath.get(filePath);
  }
}
