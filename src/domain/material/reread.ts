/**
 * «Leer de nuevo» (issue 43 §7): a document imported by an older reader is read again by today's,
 * and its notes are replaced in place. One record per document, `<data>/relecturas/<key>.json`
 * (the import's key), written before anything is shown, so its buttons work after a restart:
 *
 *   esperando_archivo ──file──▶ pendiente ──save──▶ aplicando ──▶ revisar ──each card──▶ hecha
 *
 * - The file: kept since the import (originals.ts), or the import's own text for a text or a voice
 *   memo (read right the first time); an import older than the kept files waits for the student to
 *   send it again (matched by its bytes, or by its name).
 * - The plan (reread-plan.ts): each old note keeps its id and week where its passage is there again;
 *   cards of unchanged passages keep their review history (card ids never change); cards of changed
 *   or removed passages are offered for review, keep or delete (a deleted card is a tombstone).
 * - Saving is one commit: the record with the whole change (the notes as they will be, the cards to
 *   move, the cards to review) is written atomically first (`aplicando`), then applied — the notes in
 *   one write (NotesStore.rewrite, absolute values, idempotent), the cards moved, the import record,
 *   the audit entry — then marked `revisar`. A process killed in between finishes it forward at the
 *   next start (`finishPending`); before the commit nothing changed.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeRecord } from '../../store/outputs.js';
import { REREAD_CARD_KEPT_EVENT, rereadAuditEntry } from '../../store/auditEvents.js';
import { withFileLock } from '../../store/lock.js';
import { Mutex } from '../../store/lock.js';
import type { AuditLog, CardDeck, NewNote, NotesStore } from '../../store/types.js';
import type { Course } from '../course/course.js';
import { documentWeeks } from './document-week.js';
import { extractMaterial } from './extract.js';
import { contentKey, isSaved, readingName, savedIds, type ImportRecord, type Imports } from './imports.js';
import type { OcrEngine } from './ocr.js';
import { planReread, type Passage } from './reread-plan.js';
import { noteDrafts } from './split.js';
import { containedIn } from './near-duplicates.js';
import { REREAD, type RereadView } from '../../strings/reread.js';
import { StateFileError } from '../../errors.js';
import { FAULT } from '../../strings/log.js';

export const REREADS_DIRNAME = 'relecturas';
const VERSION = 1;

export type RereadState = 'esperando_archivo' | 'pendiente' | 'aplicando' | 'revisar' | 'hecha';

/** A card offered for review: its id, its note now, and why (its passage changed or went). */
export interface CardToReview {
  id: number;
  nota: number;
  motivo: 'cambiada' | 'quitada';
}

export interface RereadRecord {
  version: typeof VERSION;
  /** The import's key (SHA-256 of its file). */
  clave: string;
  nombre: string;
  estado: RereadState;
  creada: string;
  /** Today's reading (pendiente on): the text, its pages, the passages with their weeks. */
  lectura?: { texto: string; paginas: number | null; inicioPaginas?: number[]; pasajes: (Passage & { semana: number | null })[] };
  /** What saving changes (pendiente on); `baseId` = the highest note id when it was planned. */
  plan?: {
    baseId: number;
    /** Note id → passage index, same passage (cards untouched) or changed. */
    iguales: { id: number; pasaje: number }[];
    cambiadas: { id: number; pasaje: number }[];
    quitadas: { id: number; pasaje?: number }[];
    /** Passage indexes appended as new notes. */
    nuevas: number[];
    /** Notes the student edited: untouched. */
    tuyas: number[];
    /** Passages a note the student edited or deleted already held. */
    saltadas: number;
  };
  /** The ids the new passages got (aplicando on, once the notes are written). */
  anadidas?: number[];
  /** Cards to review (aplicando on): what is left of them to decide. */
  tarjetas?: CardToReview[];
}

export interface RereadDeps {
  dataDir: string;
  imports: Imports;
  notes: Pick<NotesStore, 'list' | 'rewrite'>;
  cards: Pick<CardDeck, 'list' | 'remove' | 'repoint'>;
  audit: Pick<AuditLog, 'append'>;
  course: () => Promise<Course>;
  ocr: OcrEngine;
  readBudgetMs?: number;
}

/** What asking for a re-read got: the reading to approve, or the file is needed, or it cannot be read again. */
export type RereadStart =
  | { kind: 'propuesta'; record: RereadRecord }
  | { kind: 'falta_archivo'; record: RereadRecord }
  | { kind: 'grupo_fotos'; nombre: string };

/** The first characters of a text without pages that count as its first page (imports.ts's). */
const FIRST_PAGE_CHARS = 2000;

/** What a pending re-read's proposal shows (pure). */
export function rereadView(r: RereadRecord, cardsToReview: number): RereadView {
  const p = r.plan!;
  const added = p.nuevas.map((i) => r.lectura!.pasajes[i]!.semana);
  return {
    nombre: r.nombre,
    iguales: p.iguales.length,
    cambiadas: p.cambiadas.length,
    nuevas: p.nuevas.length,
    quitadas: p.quitadas.length,
    tuyas: p.tuyas.length,
    yaTenias: p.saltadas,
    semanaNuevas: added.find((w) => w !== null) ?? null,
    tarjetas: cardsToReview,
  };
}

export function createRereads(deps: RereadDeps) {
  const dir = path.join(deps.dataDir, REREADS_DIRNAME);
  const fileOf = (key: string) => path.join(dir, `${key}.json`);
  const mutex = new Mutex();
  const locked = <R>(key: string, fn: () => Promise<R>) => mutex.run(async () => {
    await mkdir(dir, { recursive: true });
    return withFileLock(fileOf(key), fn);
  });

  async function read(key: string): Promise<RereadRecord | undefined> {
    let text: string;
    try {
      text = await readFile(fileOf(key), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    // A record that cannot be read is never taken for absent: it may hold a committed change.
    let r: RereadRecord;
    try {
      r = JSON.parse(text) as RereadRecord;
    } catch (e) {
      throw Object.assign(new StateFileError('CORRUPT_STATE', fileOf(key), REREAD.damaged(fileOf(key))), { cause: e });
    }
    if (!r || typeof r !== 'object' || r.version !== VERSION || r.clave !== key) throw new StateFileError('CORRUPT_STATE', fileOf(key), REREAD.damaged(fileOf(key)));
    return r;
  }
  const write = (r: RereadRecord) => writeRecord(fileOf(r.clave), r, { indent: 0 });

  /** Today's reading of `rec`'s document from `bytes` (or its own text), matched against its notes. */
  async function plan(rec: ImportRecord, bytes: Uint8Array | undefined): Promise<RereadRecord> {
    let texto = rec.texto;
    let paginas = rec.paginas;
    let inicioPaginas = rec.inicioPaginas;
    let fromOcr = rec.ocr !== undefined;
    if (bytes) {
      const got = await extractMaterial(readingName(rec), bytes, { ocr: deps.ocr, ...(deps.readBudgetMs !== undefined ? { budgetMs: deps.readBudgetMs } : {}) });
      [texto, paginas, inicioPaginas, fromOcr] = [got.text, got.paginas, got.pageStarts, got.ocr !== undefined];
    }
    const drafts = noteDrafts(texto, { fileName: readingName(rec), ...(inicioPaginas ? { pageStarts: inicioPaginas } : {}), ...(fromOcr ? { fromOcr: true } : {}) });
    const notes = await deps.notes.list();
    const byId = new Map(notes.map((n) => [n.id, n]));
    const saved = (rec.guardadas ?? []).map((id, i) => ({ id, was: rec.propuesta[i] }));
    const old = saved.flatMap(({ id, was }) => {
      const n = id === null ? undefined : byId.get(id);
      if (!n) return [];
      const edited = was !== undefined && was.texto !== n.texto;
      return [{ id: n.id, texto: n.texto, semana: n.semana ?? null, edited, ...(edited ? { original: was.texto } : {}) }];
    });
    // Notes the student deleted: their passages are not brought back.
    const deleted = saved.flatMap(({ id, was }) => (id !== null && !byId.has(id) && was ? [{ id: -1 - id, texto: was.texto, semana: null, edited: true }] : []));
    const p = planReread([...old, ...deleted], drafts);
    // A new passage another note of the notebook already holds (an import left it out as «ya la tenías»): not added twice.
    const mine = new Set(saved.map((x) => x.id));
    const elsewhere = containedIn(p.added.map((i) => drafts[i]!.texto), notes.filter((n) => !mine.has(n.id)).map((n) => n.texto));
    const added = p.added.filter((_i, k) => !elsewhere[k]);
    // New passages go where the document is: the week most of its notes are in now, else the reader's.
    const weeks = new Map<number, number>();
    for (const n of old) if (n.semana !== null) weeks.set(n.semana, (weeks.get(n.semana) ?? 0) + 1);
    const usual = [...weeks.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
    const firstPage = inicioPaginas && inicioPaginas.length > 1 ? texto.slice(0, inicioPaginas[1]) : texto.slice(0, FIRST_PAGE_CHARS);
    const computed = usual === undefined ? (await documentWeeks(await deps.course(), { drafts, firstPage, fileName: readingName(rec), ...(rec.semana !== undefined ? { named: rec.semana } : {}) })).semanas : [];
    const oldWeek = new Map(old.map((n) => [n.id, n.semana]));
    const weekOfPassage = (i: number) => {
      const r = p.replaced.find((x) => x.passage === i);
      return r ? oldWeek.get(r.id) ?? null : usual ?? computed[i] ?? null;
    };
    return {
      version: VERSION,
      clave: rec.clave,
      nombre: rec.nombre,
      estado: 'pendiente',
      creada: new Date().toISOString(),
      lectura: { texto, paginas, ...(inicioPaginas ? { inicioPaginas } : {}), pasajes: drafts.map((d, i) => ({ tema: d.tema, texto: d.texto, pagina: d.pagina, semana: weekOfPassage(i) })) },
      plan: {
        baseId: notes.reduce((m, n) => Math.max(m, n.id), 0),
        iguales: p.replaced.filter((x) => x.same).map((x) => ({ id: x.id, pasaje: x.passage })),
        cambiadas: p.replaced.filter((x) => !x.same).map((x) => ({ id: x.id, pasaje: x.passage })),
        quitadas: p.removed.filter((x) => x.id > 0).map((x) => ({ id: x.id, ...(x.into !== undefined ? { pasaje: x.into } : {}) })),
        nuevas: added,
        tuyas: p.kept.filter((id) => id > 0),
        saltadas: p.skipped.length + (p.added.length - added.length),
      },
    };
  }

  /** The record's change applied, each step absolute (again after a kill changes nothing twice). */
  async function apply(r: RereadRecord): Promise<RereadRecord> {
    const { plan: pl, lectura } = r;
    if (!pl || !lectura) throw new Error(FAULT.rereadWithoutPlan);
    const source = (i: number) => ({ archivo: r.nombre, pagina: lectura.pasajes[i]!.pagina });
    const update = [...pl.iguales, ...pl.cambiadas].map(({ id, pasaje }) => ({ id, tema: lectura.pasajes[pasaje]!.tema, texto: lectura.pasajes[pasaje]!.texto, origen: source(pasaje) }));
    const add: NewNote[] = pl.nuevas.map((i) => ({ tema: lectura.pasajes[i]!.tema, texto: lectura.pasajes[i]!.texto, semana: lectura.pasajes[i]!.semana, origen: source(i) }));
    const anadidas = await deps.notes.rewrite({ update, remove: pl.quitadas.map((q) => q.id), add, baseId: pl.baseId });
    // The note each passage is now: a card of a removed note goes to the one that took most of its words.
    const noteOf = new Map<number, number>([...pl.iguales, ...pl.cambiadas].map((x) => [x.pasaje, x.id]));
    pl.nuevas.forEach((i, k) => noteOf.set(i, anadidas[k]!));
    const moved: Record<number, number> = {};
    const tarjetas = (r.tarjetas ?? []).map((c) => {
      const q = pl.quitadas.find((x) => x.id === c.nota);
      const to = q?.pasaje !== undefined ? noteOf.get(q.pasaje) : undefined;
      if (to === undefined) return c;
      moved[c.id] = to;
      return { ...c, nota: to };
    });
    if (Object.keys(moved).length > 0) await deps.cards.repoint(moved);
    // The import now describes this reading: its text (the next «ya lo tenía»), its notes by passage.
    const ids = lectura.pasajes.map((_p, i) => noteOf.get(i) ?? null);
    await deps.imports.rewriteSaved(r.clave, {
      texto: lectura.texto,
      paginas: lectura.paginas,
      ...(lectura.inicioPaginas ? { inicioPaginas: lectura.inicioPaginas } : {}),
      propuesta: lectura.pasajes.map((p) => ({ tema: p.tema, texto: p.texto, semana: p.semana, pagina: p.pagina })),
      guardadas: ids,
    });
    // The notebook's line for a document read again (ids, never text), with what this reading also knows.
    await deps.audit.append({
      ...rereadAuditEntry({ clave: r.clave, reemplazadas: [...pl.iguales, ...pl.cambiadas].map((x) => x.id), nuevas: anadidas, borradas: pl.quitadas.map((x) => x.id) }),
      iguales: pl.iguales.map((x) => x.id),
      cambiadas: pl.cambiadas.map((x) => x.id),
      quitadas: pl.quitadas.map((x) => x.id),
      tarjetas_a_revisar: tarjetas.map((c) => c.id),
    });
    const done: RereadRecord = { ...r, estado: tarjetas.length > 0 ? 'revisar' : 'hecha', anadidas, tarjetas };
    await write(done);
    return done;
  }

  /** Reads `rec` again from `bytes` (or its own text) and writes the pending re-read. */
  const propose = (rec: ImportRecord, bytes: Uint8Array | undefined) => locked(rec.clave, async () => {
    const r = await plan(rec, bytes);
    await write(r);
    return r;
  });

  /** A saved import whose text is its own source (a text, a voice memo): it needs no file. */
  const ownText = (rec: ImportRecord) => rec.tipo === 'texto' || rec.tipo === 'voz';
  /** Photos sent together: their key is not one file's, so no file sent again matches it. */
  const photoGroup = (rec: ImportRecord) => rec.tipo === 'imagen' && (rec.paginas ?? 1) > 1;

  async function all(): Promise<RereadRecord[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const out: RereadRecord[] = [];
    for (const n of names.filter((f) => /^[0-9a-f]{64}\.json$/.test(f))) {
      const r = await read(n.slice(0, 64)).catch(() => undefined);
      if (r) out.push(r);
    }
    return out;
  }
  /** The re-reads waiting for their file. */
  const waiting = async () => (await all()).filter((r) => r.estado === 'esperando_archivo');

  /** Saves a pending re-read (the commit, then the change); an applied one answers as it is. */
  const save = (key: string): Promise<RereadRecord | undefined> =>
    locked(key, async () => {
      let r = await read(key);
      if (!r || r.estado === 'esperando_archivo') return undefined;
      if (r.estado === 'pendiente') {
        // The cards to review are fixed in the commit: those of the notes whose passage changed or went.
        const changed = new Set(r.plan!.cambiadas.map((x) => x.id));
        const gone = new Set(r.plan!.quitadas.map((x) => x.id));
        const tarjetas: CardToReview[] = (await deps.cards.list()).flatMap((c): CardToReview[] => (changed.has(c.id_nota) ? [{ id: c.id, nota: c.id_nota, motivo: 'cambiada' }] : gone.has(c.id_nota) ? [{ id: c.id, nota: c.id_nota, motivo: 'quitada' }] : []));
        r = { ...r, estado: 'aplicando', tarjetas };
        await write(r);
      }
      return r.estado === 'aplicando' ? apply(r) : r;
    });

  return {
    read,
    all,
    waiting,
    save,

    /** The saved imports (the student's material), oldest first, each with how many of its notes remain. */
    async documents(): Promise<{ record: ImportRecord; notas: number }[]> {
      const have = new Set((await deps.notes.list()).map((n) => n.id));
      return (await deps.imports.saved()).map((record) => ({ record, notas: savedIds(record).filter((id) => have.has(id)).length }));
    },

    /** Asks for a saved import to be read again: read now when its file (or its own text) is here; else it waits for the file. */
    async start(key: string): Promise<RereadStart | undefined> {
      const rec = await deps.imports.find(key);
      if (!rec || !isSaved(rec)) return undefined;
      if (photoGroup(rec)) return { kind: 'grupo_fotos', nombre: rec.nombre };
      const bytes = ownText(rec) ? undefined : await deps.imports.original(rec.clave);
      if (!bytes && !ownText(rec)) {
        const waiting: RereadRecord = { version: VERSION, clave: rec.clave, nombre: rec.nombre, estado: 'esperando_archivo', creada: new Date().toISOString() };
        await locked(rec.clave, () => write(waiting));
        return { kind: 'falta_archivo', record: waiting };
      }
      return { kind: 'propuesta', record: await propose(rec, bytes) };
    },

    /**
     * A saved import read again from `bytes` the student gives now (the terminal's path): the import
     * with these bytes, else the one with this file's name. Undefined when none is either.
     */
    async startWith(nombre: string, bytes: Uint8Array): Promise<RereadRecord | undefined> {
      const key = contentKey(bytes);
      const saved = await deps.imports.saved();
      const rec = saved.find((r) => r.clave === key) ?? saved.find((r) => r.nombre.toLocaleLowerCase('es') === nombre.toLocaleLowerCase('es'));
      if (!rec) return undefined;
      const out = await propose(rec, bytes);
      if (key === rec.clave) await deps.imports.keepOriginal(key, bytes);
      return out;
    },

    /**
     * A file the student sent while a re-read waits for one: the waiting re-read it answers (the
     * same bytes, or the same name unless `byName` is false — every photo is «foto.jpg»), read now;
     * undefined when none waits for it.
     */
    async fileArrived(nombre: string, bytes: Uint8Array, opts: { byName?: boolean } = {}): Promise<RereadRecord | undefined> {
      const key = contentKey(bytes);
      const sameName = (r: RereadRecord) => opts.byName !== false && r.nombre.toLocaleLowerCase('es') === nombre.toLocaleLowerCase('es');
      const matching = (await waiting()).filter((r) => r.clave === key || sameName(r));
      const r = matching.find((w) => w.clave === key) ?? matching[0];
      if (!r) return undefined;
      const rec = await deps.imports.find(r.clave);
      if (!rec || !isSaved(rec)) return undefined;
      const out = await propose(rec, bytes);
      // The same bytes: kept from now on, so the next re-read needs nothing.
      if (key === rec.clave) await deps.imports.keepOriginal(key, bytes);
      return out;
    },

    /** Re-reads a killed process committed and did not finish: finished now. Returns how many. */
    async finishPending(): Promise<number> {
      let n = 0;
      for (const r of await all()) if (r.estado === 'aplicando' && (await save(r.clave))) n++;
      return n;
    },

    /** Forgets a re-read not saved yet (nothing changed). */
    discard(key: string): Promise<boolean> {
      return locked(key, async () => {
        const r = await read(key);
        if (!r || (r.estado !== 'pendiente' && r.estado !== 'esperando_archivo')) return false;
        await rm(fileOf(key), { force: true });
        return true;
      });
    },

    /** The student's word on a card offered for review: kept, or deleted (a tombstone, audited by the notebook). */
    decide(key: string, cardId: number, keep: boolean): Promise<{ record: RereadRecord; decided: boolean } | undefined> {
      return locked(key, async () => {
        const r = await read(key);
        if (!r || (r.estado !== 'revisar' && r.estado !== 'hecha')) return undefined;
        const card = (r.tarjetas ?? []).find((c) => c.id === cardId);
        if (!card) return { record: r, decided: false };
        if (keep) await deps.audit.append({ timestamp: new Date().toISOString(), event: REREAD_CARD_KEPT_EVENT, clave: r.clave, tarjeta: cardId, id_nota: card.nota });
        else await deps.cards.remove(cardId);
        const tarjetas = (r.tarjetas ?? []).filter((c) => c.id !== cardId);
        const next: RereadRecord = { ...r, tarjetas, estado: tarjetas.length > 0 ? 'revisar' : 'hecha' };
        await write(next);
        return { record: next, decided: true };
      });
    },
  };
}

export type Rereads = ReturnType<typeof createRereads>;
