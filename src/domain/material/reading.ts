/**
 * The reading pipeline of one file — sniffed and read (extract.ts), compared with the imports already
 * saved (near-duplicates.ts: a re-print; versions.ts: a new version), cut into notes (split.ts), each
 * given its week (document-week.ts), and the notes the notebook already holds left out — as one call
 * into the reader thread (pdf-thread.ts). It is CPU work that grows with the document and with the
 * notebook, and it belongs off the bot's thread: the bot crosses the call, not the pipeline
 * (docs/architecture.md, «A PDF attachment's path»). Pure over what it is given: the thread reads no
 * file of the data dir, and the record is written by the caller (imports.ts), under its lock.
 */
import type { Course } from '../course/course.js';
import { documentWeeks, type WeekReason } from './document-week.js';
import { extractMaterial, type ExtractDeps, type Extracted } from './extract.js';
import type { ImportKind } from './kinds.js';
import { containedIn, sameDocument } from './near-duplicates.js';
import { onReaderThread, type ReaderDeps } from './pdf.js';
import { noteDrafts, photoTopics, type ProposedNote } from './split.js';
import { previousVersion } from './versions.js';

/** An import already saved, as the pipeline compares with it. */
export interface SavedText {
  clave: string;
  nombre: string;
  texto: string;
}

/** What a proposal is made against: the course, the notebook's notes, and the imports saved. */
export interface ReadingContext {
  course: Course;
  /** The texts of the notes in the notebook (a passage one of them holds is left out). */
  notes: readonly string[];
  /** The imports already saved (a re-print is «ya lo tenía»; a new version names its earlier one). */
  saved: readonly SavedText[];
  /** The week the student chose for the whole file, if any. */
  semana?: number;
}

/** A record's notes: what is proposed, why they go to their week, and how many the notebook held. */
export interface NotesSplit {
  propuesta: ProposedNote[];
  motivo?: WeekReason;
  yaTenias?: number;
}

/** The fields of an import the notes are cut from (a new file's, or a pending record's). */
export interface NotesSource {
  texto: string;
  nombre: string;
  tipo: ImportKind;
  semana?: number;
  inicioPaginas?: number[];
  /** Present when the text was read by OCR (a photo, a scan): its gaps are kept (split.ts, fromOcr). */
  ocr?: { confidence: number; draft: boolean };
}

/** What the pipeline made of a file: an import already saved with the same text, or what it read and proposes. */
export type Reading =
  | { kind: 'igual'; clave: string }
  | { kind: 'nueva'; read: Extracted; anterior?: { clave: string; nombre: string }; notas: NotesSplit };

/** The first characters of a text without pages that count as its first page (where a lecture says its week). */
const FIRST_PAGE_CHARS = 2000;

/**
 * The notes of a text: cut at headings and paragraph ends, all to the document's week
 * (document-week.ts), less those a note of the notebook (or the earlier version's text) already
 * holds (near-duplicates.ts), counted in `yaTenias`.
 */
export async function splitNotes(r: NotesSource, ctx: { course: Course; notes: readonly string[]; earlier?: string }): Promise<NotesSplit> {
  const named = noteDrafts(r.texto, { fileName: r.nombre, ...(r.inicioPaginas ? { pageStarts: r.inicioPaginas } : {}), ...(r.ocr ? { fromOcr: true } : {}) });
  const firstPage = r.inicioPaginas && r.inicioPaginas.length > 1 ? r.texto.slice(0, r.inicioPaginas[1]) : r.texto.slice(0, FIRST_PAGE_CHARS);
  const weeks = await documentWeeks(ctx.course, { drafts: named, firstPage, fileName: r.nombre, ...(r.semana !== undefined ? { named: r.semana } : {}) });
  // A photo's name is no topic (split.ts, photoTopics).
  const drafts = r.tipo === 'imagen' ? photoTopics(named, weeks.semanas, ctx.course) : named;
  // A new version's passages already in its earlier text are not new, however the notes were cut then.
  const had = containedIn(drafts.map((d) => d.texto), [...ctx.notes, ...(ctx.earlier ? [ctx.earlier] : [])]);
  const propuesta = drafts.flatMap((d, i) => (had[i] ? [] : [{ tema: d.tema, texto: d.texto, semana: weeks.semanas[i] ?? null, pagina: d.pagina }]));
  const yaTenias = had.filter(Boolean).length;
  return { propuesta, ...(weeks.motivo ? { motivo: weeks.motivo } : {}), ...(yaTenias ? { yaTenias } : {}) };
}

/** A text already read, proposed: the saved import with the same text, or its notes (and the version it follows). */
export async function proposeFrom(read: Extracted, ctx: ReadingContext): Promise<Reading> {
  // Other bytes, the same text (a re-print, a re-export): the import already saved answers.
  const same = sameDocument(read.text, ctx.saved, (s) => s.texto);
  if (same) return { kind: 'igual', clave: same.clave };
  const prev = previousVersion(read.text, ctx.saved, (s) => s.texto);
  const source = { texto: read.text, nombre: read.name, tipo: read.kind, ...(ctx.semana !== undefined ? { semana: ctx.semana } : {}), ...(read.pageStarts ? { inicioPaginas: read.pageStarts } : {}), ...(read.ocr ? { ocr: read.ocr } : {}) };
  const notas = await splitNotes(source, { course: ctx.course, notes: ctx.notes, ...(prev ? { earlier: prev.texto } : {}) });
  return { kind: 'nueva', read, ...(prev ? { anterior: { clave: prev.clave, nombre: prev.nombre } } : {}), notas };
}

/** The whole pipeline, here (on the reader thread): the file read, then proposed. `onStep` re-arms the thread's budget between the two. */
export async function readAndPropose(name: string, bytes: Uint8Array, ctx: ReadingContext, deps: ExtractDeps & { onStep?: (step: string) => void }): Promise<Reading> {
  const read = await extractMaterial(name, bytes, deps);
  deps.onStep?.('notas');
  return proposeFrom(read, ctx);
}

/** The reader thread's jobs of the pipeline (pdf-thread.ts). */
export interface FileJob { name: string; bytes: Uint8Array; context: ReadingContext }
export interface ReadJob { read: Extracted; context: ReadingContext }
export interface NotesJob { record: NotesSource; context: { course: Course; notes: readonly string[]; earlier?: string } }

/** A file read and proposed on the reader thread, in one call: what the bot's thread runs of the pipeline is this. */
export function proposeOffThread(name: string, bytes: Uint8Array, context: ReadingContext, deps: ReaderDeps): Promise<Reading> {
  return onReaderThread<Reading>({ kind: 'archivo', name, bytes, context } satisfies FileJob & { kind: string }, deps);
}

/** A text read elsewhere (photos by OCR, one after another) proposed on the reader thread. */
export function proposeReadOffThread(read: Extracted, context: ReadingContext, deps: ReaderDeps): Promise<Reading> {
  return onReaderThread<Reading>({ kind: 'leido', read, context } satisfies ReadJob & { kind: string }, deps);
}

/** A pending record's notes cut again (another week, a corrected text, a voice memo's transcript) on the reader thread. */
export function splitOffThread(record: NotesSource, context: NotesJob['context'], deps: ReaderDeps): Promise<NotesSplit> {
  return onReaderThread<NotesSplit>({ kind: 'notas', record, context } satisfies NotesJob & { kind: string }, deps);
}
