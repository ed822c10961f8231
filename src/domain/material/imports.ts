/**
 * Imports of material, exactly once (issue 26 §3). An import is one record on disk,
 * `<data>/importaciones/<sha256>.json`, keyed by the SHA-256 of the file's bytes, written before
 * the proposal is shown so that its approval survives a restart or a kill:
 *
 *   pendiente ──save──▶ aceptada (baseId, one slot per proposed note) ──▶ aceptada, guardada (the note ids)
 *
 * A record is a pending decision (store/decision.ts): ✅ Guardar decides it `aceptada` before the first
 * note is written, ❌ Descartar `rechazada` and a file read as a syllabus instead `sustituida` (both
 * remove the record: nothing was saved, so the same file sent again is proposed again).
 *
 * Saving goes through the notebook's own append (the path /nota takes), all the proposed notes in one
 * write of the notebook (an import of hundreds of notes costs one write, not hundreds). It is
 * idempotent across a kill: before the notes the record notes the highest id already in the notebook
 * (`baseId`); after them their ids are written into the notes' slots. A save resumed after a kill
 * between the notes' write and the slots' finds those notes (id above baseId, same topic and text,
 * not in another slot) instead of adding them again. The same file sent again answers «ya lo tenía» and adds nothing;
 * so does another file with nearly the same text (a re-print), and a note the notebook already holds is
 * left out of the proposal and counted (near-duplicates.ts). All of a document's notes go to its week
 * (document-week.ts), each with its file and page.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DurableDocument, isPlainObject } from '../../store/document.js';
import type { RecordFormat } from '../../store/record.js';
import { withFileLock } from '../../store/lock.js';
import { IMPORT_SAVED_EVENT } from '../../store/auditEvents.js';
import type { AuditLog } from '../../store/types.js';
import { Mutex } from '../../store/lock.js';
import { decide, stillPending, type PendingDecision } from '../../store/decision.js';
import type { Note } from '../notebook.js';
import { CuadernoError, StateFileError } from '../../errors.js';
import { FILE_PROBLEMS, STATE_PROBLEMS } from '../../strings/console.js';
import { MATERIAL } from '../../strings/material.js';
import { extractMaterial, joinPages, type Extracted, type UnreadText } from './extract.js';
import type { OcrEngine } from './ocr.js';
import type { ImportKind } from './kinds.js';
import { photoName, type ProposedNote } from './split.js';
import type { WeekReason } from './document-week.js';
import { proposeOffThread, proposeReadOffThread, splitOffThread, type NotesSplit, type Reading, type ReadingContext } from './reading.js';
import { createOriginals } from './originals.js';
import { DOUBTFUL_WORDS_MAX, PHOTO_NAME } from './limits.js';
import { replaceWords, type WordFix } from './word-fixes.js';
import type { Course } from '../course/course.js';

export const IMPORTS_DIRNAME = 'importaciones';
/**
 * 2: the record is a pending decision (`asunto`; `estado` pendiente | aceptada, with `guardada` once
 * every note is in). Version 1's `guardando` is read as aceptada, `hecha` as aceptada and guardada.
 */
export const IMPORT_RECORD_VERSION = 2;

export type { ImportKind };

/** What an import carries beside the common part of a decision; its `clave` is the SHA-256 (hex) of the file's bytes. */
export interface ImportPayload {
  version: typeof IMPORT_RECORD_VERSION;
  /** What the student reads it by: the file's name as they sent it, a photo's title, a pasted text's title (`pegado`). */
  nombre: string;
  /** A text the student pasted into the chat: no file of theirs, so `nombre` is its title, without an extension (readingName). */
  pegado?: true;
  tipo: ImportKind;
  paginas: number | null;
  /** The extracted text (corrected by the student when it was an OCR draft). */
  texto: string;
  ocr?: { confidence: number; draft: boolean };
  /** The week the student chose for the whole file, if any. */
  semana?: number;
  /** Offset in `texto` where each page starts (page k+1 at index k); absent: no pages, or a corrected text. */
  inicioPaginas?: number[];
  /** Why the notes go to their week (document-week.ts); absent when none was found. */
  motivo?: WeekReason;
  /** Notes of the file left out because one already in the notebook holds them. */
  yaTenias?: number;
  /** A new version of an import already saved (versions.ts): that import, and how many of its notes the notebook holds. */
  anterior?: { clave: string; nombre: string; notas: number };
  /** Lines OCR could not read well, left out of `texto` and listed in the proposal (ocr-page.ts). */
  ilegibles?: UnreadText[];
  /** Words OCR read that look misread, named in the proposal for the student to check (ocr-page.ts `doubtfulWords`). */
  dudosas?: string[];
  propuesta: ProposedNote[];
  /** Highest note id in the notebook when saving began (aceptada). */
  baseId?: number;
  /** The saved note's id for each proposed note, null until saved (aceptada). */
  guardadas?: (number | null)[];
  /** Every proposed note is in the notebook and audited: the import is done. */
  guardada?: true;
}

export type ImportRecord = PendingDecision<'importacion', ImportPayload>;

/** True once an import's notes are all saved (a resend of its file is «ya lo tenía»). */
export const isSaved = (r: ImportRecord | undefined): r is ImportRecord & { guardada: true } => r?.estado === 'aceptada' && r.guardada === true;

/** A record of version 1 (`estado` pendiente | guardando | hecha) as version 2. */
function upgrade(old: unknown): unknown {
  const { estado, ...rest } = old as Omit<ImportRecord, 'estado'> & { estado: string };
  return { ...rest, version: IMPORT_RECORD_VERSION, asunto: 'importacion', estado: estado === 'pendiente' ? 'pendiente' : 'aceptada', ...(estado === 'hecha' ? { guardada: true } : {}) };
}

/**
 * An import's record as a durable document (store/document.ts): version 1 is migrated on its first
 * read and written back; a record that cannot be read (empty, cut short, a folder, not an object)
 * is never taken for absent — its import may be half saved, and reading the file again would add
 * its notes twice — and one of an unknown version is refused with that version. No lock of the
 * document's own: saving holds the record's lock across its steps (`locked` below).
 */
function importFormat(file: string): RecordFormat<ImportRecord> {
  return {
    version: IMPORT_RECORD_VERSION,
    empty: () => null,
    check: (data) => (isPlainObject(data) && data.version === IMPORT_RECORD_VERSION
      ? { ok: true, value: data as unknown as ImportRecord }
      : { ok: false, problem: FILE_PROBLEMS.importRecord(file) }),
    migrations: { 1: upgrade },
    // A file that is not an object has no version to migrate from: the check refuses it as a whole.
    versionOf: (raw) => {
      if (!isPlainObject(raw)) return IMPORT_RECORD_VERSION;
      return typeof raw.version === 'number' ? raw.version : undefined;
    },
    recovery: '',
    refuse: () => (kind, _problem, found) => kind === 'version'
      ? new CuadernoError('UNSUPPORTED_VERSION', STATE_PROBLEMS.importVersion(file, String(found), IMPORT_RECORD_VERSION))
      : new StateFileError('CORRUPT_STATE', file, FILE_PROBLEMS.importRecord(file)),
    serialize: (r) => `${JSON.stringify(r, null, 1)}\n`,
  };
}

/** What an import needs from the notebook: its notes, and the notes store's own append (/nota's `add`, many at once). */
export interface ImportNotes {
  list(): Promise<Note[]>;
  /** The notes on disk without seeding the demo's (a proposal only reads them). */
  peek?(): Promise<Note[]>;
  addMany(notes: readonly { tema: string; texto: string; semana: number | null; origen?: { archivo: string; pagina: number | null } }[]): Promise<Note[]>;
}

export interface ImportsDeps {
  dataDir: string;
  notes: ImportNotes;
  ocr: OcrEngine;
  /** The owner's course as it is now (read at each proposal: it may change between two imports). */
  course: () => Promise<Course>;
  /** The notebook's audit log: every saved import leaves a line (its key and the notes' ids). */
  audit: Pick<AuditLog, 'append'>;
  /** Longest the reader thread may work on one page of a file (limits.ts READ_BUDGET_MS unless given). */
  readBudgetMs?: number;
}

export interface Proposal {
  record: ImportRecord;
  /** The same file was already imported: nothing new is proposed. */
  yaExistia: boolean;
  /** This call read the file and wrote the pending import (false: it was already on disk). */
  nuevo: boolean;
}

export interface Saved {
  notas: number[];
  yaExistia: boolean;
  record: ImportRecord;
}

/**
 * The name the reader reads an import by (its kind is by its name's extension, sniff.ts): a pasted
 * text's title read as a text file; any other import's own name. Never shown: a person reads `nombre`.
 */
export const readingName = (r: Pick<ImportPayload, 'nombre' | 'pegado'>): string => (r.pegado ? `${r.nombre}.txt` : r.nombre);

/** The ids of the notes an import saved (empty while pending). */
export function savedIds(r: ImportRecord): number[] {
  return (r.guardadas ?? []).filter((n): n is number => n !== null);
}

export function contentKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The record with a new proposal: its notes, reason and count replace the old ones. */
function withSplit(r: ImportRecord, split: Pick<ImportRecord, 'propuesta' | 'motivo' | 'yaTenias'>): ImportRecord {
  const { motivo: _m, yaTenias: _y, ...rest } = r;
  return { ...rest, ...split };
}

/** The key's shortest form that fits in a button (Telegram allows 64 bytes of callback data). */
export const SHORT_KEY = 24;

export function createImports(deps: ImportsDeps) {
  const dir = path.join(deps.dataDir, IMPORTS_DIRNAME);
  const fileOf = (key: string) => path.join(dir, `${key}.json`);
  const mutex = new Mutex();
  const originals = createOriginals(deps.dataDir);

  /** One durable document per record (cheap: it reads its file only when asked). */
  const recordOf = (key: string) => new DurableDocument(fileOf(key), importFormat(fileOf(key)));
  /** The record, read while its lock is held: one of an earlier layout is written back now. */
  const readLocked = async (key: string): Promise<ImportRecord | undefined> => (await recordOf(key).current()) ?? undefined;
  /** The record, read without its lock; one of an earlier layout is read again under the lock and written back. */
  async function read(key: string): Promise<ImportRecord | undefined> {
    const { doc, migrated } = await recordOf(key).adapter.readDocument();
    if (!migrated) return doc ?? undefined;
    return withFileLock(fileOf(key), () => readLocked(key));
  }
  const write = (r: ImportRecord) => recordOf(r.clave).replace(r);
  /** One writer per record: this process's mutex, and the file lock against the CLI and the bot (held across a save's steps). */
  const locked = <R>(key: string, fn: () => Promise<R>) => mutex.run(async () => {
    await mkdir(dir, { recursive: true });
    return withFileLock(fileOf(key), fn);
  });

  /** The notebook's notes as they are on disk (a proposal only reads them). */
  const peekNotes = () => (deps.notes.peek ?? deps.notes.list)();
  /** The reader thread's limits for this owner (pdf.ts): the OCR engine its scanned pages ask, the budget, an abort. */
  const reader = (signal?: AbortSignal) => ({ ocr: deps.ocr, ...(signal ? { signal } : {}), ...(deps.readBudgetMs !== undefined ? { budgetMs: deps.readBudgetMs } : {}) });

  /**
   * A pending record's notes cut again (reading.ts, `splitNotes`) on the reader thread: all to the
   * document's week, less those a note of the notebook (or the earlier version) already holds.
   */
  const split = async (r: Pick<ImportRecord, 'texto' | 'nombre' | 'pegado' | 'tipo' | 'semana' | 'inicioPaginas' | 'anterior' | 'ocr'>): Promise<NotesSplit> => {
    const { anterior, pegado: _p, ...rest } = r;
    const source = { ...rest, nombre: readingName(r) };
    const earlier = anterior ? (await read(anterior.clave))?.texto : undefined;
    const notes = (await peekNotes()).map((n) => n.texto);
    return splitOffThread(source, { course: await deps.course(), notes, ...(earlier ? { earlier } : {}) }, reader());
  };

  /** What a new file is proposed against (reading.ts): the course now, the notes, the imports saved. */
  const context = async (semana?: number): Promise<ReadingContext & { savedRecords: ImportRecord[] }> => {
    const savedRecords = await savedRecordsOf();
    const notes = (await peekNotes()).map((n) => n.texto);
    return { course: await deps.course(), notes, saved: savedRecords.map((r) => ({ clave: r.clave, nombre: r.nombre, texto: r.texto })), ...(semana !== undefined ? { semana } : {}), savedRecords };
  };

  /** The imports already saved (their texts say whether a new file is one of them again). */
  async function savedRecordsOf(): Promise<ImportRecord[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const out: ImportRecord[] = [];
    for (const n of names.filter((f) => f.endsWith('.json') && f.length === 64 + 5)) {
      const r = await read(n.slice(0, 64)).catch(() => undefined);
      if (r && isSaved(r)) out.push(r);
    }
    return out;
  }

  /**
   * The import on disk for `clave`, or the file read and proposed by `reading` (on the reader
   * thread, reading.ts) and written as pending: a re-print of a saved import is that import.
   */
  async function proposeRead(clave: string, nombre: string, reading: (ctx: ReadingContext) => Promise<Reading>, opts: { semana?: number; pegado?: boolean }): Promise<Proposal> {
    const known = await read(clave);
    if (known) return { record: known, yaExistia: isSaved(known), nuevo: false };
    const { savedRecords, ...ctx } = await context(opts.semana);
    const got = await reading(ctx);
    const saved = (key: string) => savedRecords.find((r) => r.clave === key)!;
    if (got.kind === 'igual') return { record: saved(got.clave), yaExistia: true, nuevo: false };
    const prev = got.anterior && saved(got.anterior.clave);
    return create(clave, nombre, got.read, opts.semana, prev && { clave: prev.clave, nombre: prev.nombre, notas: await stillThere(savedIds(prev)) }, got.notas, opts.pegado === true);
  }

  /** How many of these note ids the notebook still holds. */
  const stillThere = async (ids: readonly number[]) => {
    const have = new Set((await peekNotes()).map((n) => n.id));
    return ids.filter((id) => have.has(id)).length;
  };

  /** Writes the pending import for `got` under `clave` — or returns the one another writer made first. */
  const create = (clave: string, nombre: string, got: Pick<Extracted, 'text' | 'paginas' | 'ocr' | 'pageStarts' | 'unread' | 'doubtful'> & { kind: ImportKind }, semana?: number, anterior?: ImportRecord['anterior'], notas?: NotesSplit, pegado = false): Promise<Proposal> =>
    locked(clave, async () => {
      const again = await readLocked(clave);
      if (again) return { record: again, yaExistia: isSaved(again), nuevo: false };
      const base = { texto: got.text, nombre, ...(pegado ? { pegado: true as const } : {}), tipo: got.kind, ...(semana !== undefined ? { semana } : {}), ...(got.pageStarts ? { inicioPaginas: got.pageStarts } : {}), ...(anterior ? { anterior } : {}) };
      const record: ImportRecord = {
        version: IMPORT_RECORD_VERSION,
        clave,
        // A photo is named by its page, not «foto.jpg» like every other (its notes were cut under that name).
        nombre: got.kind === 'imagen' && nombre === PHOTO_NAME ? photoName(got.text) : nombre,
        ...(pegado ? { pegado: true as const } : {}),
        tipo: got.kind,
        paginas: got.paginas,
        asunto: 'importacion',
        texto: got.text,
        ...(got.ocr ? { ocr: got.ocr } : {}),
        ...(got.unread?.length ? { ilegibles: got.unread } : {}),
        ...(got.doubtful?.length ? { dudosas: got.doubtful } : {}),
        ...(semana !== undefined ? { semana } : {}),
        ...(got.pageStarts ? { inicioPaginas: got.pageStarts } : {}),
        ...(anterior ? { anterior } : {}),
        ...(notas ?? (await split(base))),
        creada: new Date().toISOString(),
        estado: 'pendiente',
      };
      await write(record);
      return { record, yaExistia: false, nuevo: true };
    });

  return {
    /**
     * Reads the file, proposes its notes and writes the pending import — or returns the import
     * already on disk for these bytes (pending: the same proposal; done: `yaExistia`).
     * Throws MaterialError (with its sentence) for a file that cannot be read. `pegado`: the bytes
     * are a text the student pasted and `nombre` its title (route-text.ts, pasteName), read as a text.
     */
    async propose(nombre: string, bytes: Uint8Array, opts: { semana?: number; signal?: AbortSignal; pegado?: boolean } = {}): Promise<Proposal> {
      const clave = contentKey(bytes);
      const read = readingName({ nombre, ...(opts.pegado ? { pegado: true } : {}) });
      const p = await proposeRead(clave, nombre, (ctx) => proposeOffThread(read, bytes, ctx, reader(opts.signal)), opts);
      // The file itself is kept (bounded) so a better reader can read it again later (reread.ts);
      // a text's own words are in its record already.
      if (p.record.clave === clave && p.record.tipo !== 'texto') await originals.keep(clave, bytes);
      return p;
    },

    /**
     * A text that did not come from a file the bot reads — a voice memo's transcript — proposed as
     * an import under `clave` (the memo's SHA-256): the same record, approval and saving as a file's.
     */
    async proposeText(clave: string, nombre: string, tipo: ImportKind, texto: string): Promise<Proposal> {
      const known = await read(clave);
      if (known) return { record: known, yaExistia: isSaved(known), nuevo: false };
      return create(clave, nombre, { kind: tipo, text: texto, paginas: null });
    },

    /**
     * Photos sent together (a Telegram media group) as one import: each read by OCR in order, their
     * texts one after another. The key is the SHA-256 of the photos' own keys in order, so the same
     * photos again are «ya lo tenía». A photo that cannot be read refuses the whole group (its sentence).
     */
    async proposeGroup(fotos: readonly { nombre: string; bytes: Uint8Array }[], opts: { semana?: number; signal?: AbortSignal } = {}): Promise<Proposal> {
      const clave = createHash('sha256').update(fotos.map((f) => contentKey(f.bytes)).join('\n')).digest('hex');
      const nombre = MATERIAL.photoGroupName(fotos.length);
      return proposeRead(clave, nombre, async (ctx) => {
        const read: Extracted[] = [];
        for (const f of fotos) read.push(await extractMaterial(f.nombre, f.bytes, reader(opts.signal)));
        const confidence = Math.min(...read.map((r) => r.ocr?.confidence ?? 100));
        const { text, pageStarts } = joinPages(read.map((r) => r.text));
        const unread = read.flatMap((r, i) => (r.unread ?? []).map((u) => ({ ...u, pagina: i + 1 })));
        const doubtful = [...new Set(read.flatMap((r) => r.doubtful ?? []))].slice(0, DOUBTFUL_WORDS_MAX);
        const joined: Extracted = { name: nombre, kind: 'imagen', text, pageStarts, paginas: fotos.length, ocr: { confidence, draft: read.some((r) => r.ocr?.draft) }, ...(unread.length ? { unread } : {}), ...(doubtful.length ? { doubtful } : {}) };
        return proposeReadOffThread(joined, ctx, reader(opts.signal));
      }, opts);
    },

    /** The import whose key starts with `prefix` (a button carries a short key). */
    async find(prefix: string): Promise<ImportRecord | undefined> {
      if (!/^[0-9a-f]{8,64}$/.test(prefix)) return undefined;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return undefined;
      }
      const name = names.find((n) => n.startsWith(prefix) && n.endsWith('.json') && n.length === 64 + 5);
      return name ? read(name.slice(0, 64)) : undefined;
    },

    /** A new week for every note of a pending import (null = the rule decides per note). */
    changeWeek(key: string, semana: number | null): Promise<ImportRecord | undefined> {
      return locked(key, async () => {
        const r = await readLocked(key);
        if (!r || stillPending(r)) return r;
        const next: ImportRecord = { ...r, propuesta: [] };
        if (semana === null) delete next.semana;
        else next.semana = semana;
        const done = withSplit(next, await split(next));
        await write(done);
        return done;
      });
    },

    /** The student's corrected text replaces an OCR draft; the notes are proposed again from it. */
    correct(key: string, texto: string): Promise<ImportRecord | undefined> {
      return locked(key, async () => {
        const r = await readLocked(key);
        if (!r || stillPending(r)) return r;
        const { ilegibles: _unread, dudosas: _doubtful, ...rest } = r;
        // The student's own text stands for the whole page: the lines OCR could not read are theirs to have typed.
        const next: ImportRecord = { ...rest, texto: texto.trim(), ...(r.ocr ? { ocr: { ...r.ocr, draft: false } } : {}) };
        // The student's own text has no page breaks to follow: a one-page import keeps its page.
        if (r.paginas === 1) next.inicioPaginas = [0];
        else delete next.inicioPaginas;
        const done = withSplit(next, await split(next));
        await write(done);
        return done;
      });
    },

    /**
     * The student's fixes of single words («eCoSistema → ecosistema») in a pending import's text:
     * each word replaced wherever it stands whole, the pages kept, the notes proposed again. The
     * words not found in the text are returned (nothing changes for them).
     */
    fixWords(key: string, fixes: readonly WordFix[]): Promise<{ record: ImportRecord | undefined; missing: string[] }> {
      return locked(key, async () => {
        const r = await readLocked(key);
        if (!r || stillPending(r)) return { record: r, missing: [] };
        const fixed = replaceWords(r.texto, r.inicioPaginas, fixes);
        if (fixed.missing.length === fixes.length) return { record: r, missing: fixed.missing };
        const dudosas = (r.dudosas ?? []).filter((w) => !fixes.some((f) => f.from === w));
        const { dudosas: _d, inicioPaginas: _p, ...rest } = r;
        const next: ImportRecord = { ...rest, texto: fixed.text, ...(fixed.pageStarts ? { inicioPaginas: fixed.pageStarts } : {}), ...(dudosas.length ? { dudosas } : {}) };
        const done = withSplit(next, await split(next));
        await write(done);
        return { record: done, missing: fixed.missing };
      });
    },

    /** Saves the proposed notes, each exactly once, however many times it is called or resumed. */
    save(key: string, por?: string): Promise<Saved | undefined> {
      return locked(key, async () => {
        let r = await readLocked(key);
        if (!r) return undefined;
        if (isSaved(r)) return { notas: savedIds(r), yaExistia: true, record: r };
        const accepted = decide(r, 'aceptada', new Date(), por);
        if (accepted.ok) {
          // Decided before the first note is written: a kill from here on is finished by the next save.
          const notes = await deps.notes.list();
          r = { ...accepted.next, baseId: notes.reduce((m, n) => Math.max(m, n.id), 0), guardadas: r.propuesta.map(() => null) };
          await write(r);
        }
        const slots = [...(r.guardadas ?? r.propuesta.map(() => null))];
        const baseId = r.baseId ?? 0;
        const missing = r.propuesta.flatMap((_p, i) => (slots[i] === null || slots[i] === undefined ? [i] : []));
        if (missing.length > 0) {
          // Notes added before a kill whose slots were never written: found instead of added again.
          const existing = (await deps.notes.list()).filter((n) => n.id > baseId);
          const toAdd: number[] = [];
          for (const i of missing) {
            const p = r.propuesta[i]!;
            const orphan = existing.find((n) => n.tema === p.tema && n.texto === p.texto && !slots.includes(n.id));
            if (orphan) slots[i] = orphan.id;
            else toAdd.push(i);
          }
          // The rest in one write of the notebook: all of them are in after it, or none.
          const added = await deps.notes.addMany(toAdd.map((i) => {
            const { pagina, ...p } = r!.propuesta[i]!;
            return { ...p, origen: { archivo: r!.nombre, pagina: pagina ?? null } };
          }));
          toAdd.forEach((i, k) => (slots[i] = added[k]!.id));
        }
        // Audited before it is marked done: a kill in between audits it again on the resume (at least once).
        const notas = slots.filter((n): n is number => n !== null);
        await deps.audit.append({ timestamp: new Date().toISOString(), event: IMPORT_SAVED_EVENT, clave: r.clave, tipo: r.tipo, notas });
        r = { ...r, guardadas: slots, guardada: true };
        await write(r);
        return { notas: slots.filter((n): n is number => n !== null), yaExistia: false, record: r };
      });
    },

    /** The imports saved, oldest first (the student's material list, reread.ts). */
    saved: async () => (await savedRecordsOf()).sort((a, b) => a.creada.localeCompare(b.creada)),

    /** The file kept of an import (originals.ts), if any. */
    original: (key: string) => originals.read(key),
    keepOriginal: (key: string, bytes: Uint8Array) => originals.keep(key, bytes),

    /**
     * A saved import read again (reread.ts): its text, pages and notes as they are now, so the next
     * «ya lo tenía» and the next reading compare with them. Only a done import changes.
     */
    rewriteSaved(key: string, next: Pick<ImportRecord, 'texto' | 'paginas' | 'propuesta' | 'guardadas'> & { inicioPaginas?: number[] }): Promise<ImportRecord | undefined> {
      return locked(key, async () => {
        const r = await readLocked(key);
        if (!r || !isSaved(r)) return r;
        const { inicioPaginas: _p, yaTenias: _y, ...rest } = r;
        const done: ImportRecord = { ...rest, ...next };
        await write(done);
        return done;
      });
    },

    /**
     * Decides a pending import `rechazada` (❌ Descartar) or `sustituida` (read as a syllabus instead)
     * and forgets it: nothing was saved. A done import stays, so a resend is still «ya lo tenía».
     */
    discard(key: string, to: 'rechazada' | 'sustituida' = 'rechazada'): Promise<boolean> {
      return locked(key, async () => {
        if (!decide(await readLocked(key), to, new Date()).ok) return false;
        await rm(fileOf(key), { force: true });
        return true;
      });
    },
  };
}

export type Imports = ReturnType<typeof createImports>;
