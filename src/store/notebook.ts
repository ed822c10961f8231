/**
 * openNotebook(dataDir): the student's notebook as files in one data dir —
 * `notas.json` (seeded from assets/notas.json on first use), `tarjetas.json` (card deck),
 * `registro_uso.csv` (usage and cost), `auditoria.jsonl` (every tool request and result) and
 * `repaso.json` (FSRS state, review log, review sessions and the reminder) and `curso.json` (the
 * owner's course; absent = the demo course) and `indice_notas.json` (the notes' search index, rebuilt
 * from the notes whenever it is missing or out of date) and `motivos.json` (the reasons of the owner's noes).
 */
import { adoptChainOfPath, defaultKeysDir } from './auditChain.js';
import { notebookId } from './notebookId.js';
import { commitCourseChange, COURSE_CHANGE_FILE, finishCourseChange, type CourseChange } from './courseChange.js';
import { finishPendingErase } from './erase.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PRICES_USD_PER_MTOK } from '../config.js';
import { createAuditLog } from './auditLog.js';
import { COURSE_FILE, createCourseFile } from './courseFile.js';
import { sweepOnce } from './sweep.js';
import { createCardDeck, createNotesStore } from './notesFile.js';
import { createNotesIndex, NOTES_INDEX_FILE } from './notesIndex.js';
import { createReviewStore } from './reviews.js';
import { createReasonsLog, REASONS_FILE } from './reasons.js';
import type { AuditLog, CardDeck, Notebook, NotesStore } from './types.js';
import { CARD_DELETED_EVENT, CARD_EDITED_EVENT, NOTE_EDITED_EVENT, NOTE_MOVED_EVENT, NOTES_DELETED_EVENT } from './auditEvents.js';
import { createUsageLog } from './usageCsv.js';

export const NOTEBOOK_FILES = Object.freeze({
  notes: 'notas.json',
  cards: 'tarjetas.json',
  usage: 'registro_uso.csv',
  audit: 'auditoria.jsonl',
  reviews: 'repaso.json',
  course: COURSE_FILE,
  index: NOTES_INDEX_FILE,
  reasons: REASONS_FILE,
});

/**
 * Opens (and creates, if needed) the notebook in `dataDir`. Nothing is read yet: each operation
 * reads its file, so a hand-broken file is reported by the operation that needs it (StateFileError
 * naming the file, the problem and how to recover) and the other files stay usable.
 * `prices` (USD per million tokens) defaults to the price table of docs/design.md §2; pass `config.prices`. `keysDir`
 * (the audit chain's key, outside the data folder) defaults to `~/.config/cuaderno-vivo`; pass `config.keysDir`.
 */
export async function openNotebook(dataDir: string, opts: { prices?: typeof PRICES_USD_PER_MTOK; keysDir?: string } = {}): Promise<Notebook> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  // What a process killed mid-write left behind (start-up of the bot or a command).
  await sweepOnce(dir);
  // A «borra mis datos» a crash interrupted is finished before anything reads the folder.
  await finishPendingErase(dir, opts.keysDir ?? defaultKeysDir());
  const keysDir = opts.keysDir ?? defaultKeysDir();
  const id = await notebookId(dir);
  const files = {
    notes: path.join(dir, NOTEBOOK_FILES.notes),
    cards: path.join(dir, NOTEBOOK_FILES.cards),
    usage: path.join(dir, NOTEBOOK_FILES.usage),
    audit: path.join(dir, NOTEBOOK_FILES.audit),
    reviews: path.join(dir, NOTEBOOK_FILES.reviews),
    course: path.join(dir, NOTEBOOK_FILES.course),
  };
  // Every write of the notes updates their search index, inside the notes' lock.
  const notes = createNotesStore(files.notes, { afterWrite: (...a) => index.afterWrite(...a) });
  // A notebook from before ids existed takes over the chain recorded for its path, once.
  await adoptChainOfPath(keysDir, id, files.audit);
  const index = createNotesIndex({ notesFile: files.notes, indexFile: path.join(dir, NOTEBOOK_FILES.index), list: () => notes.list() });
  const audit = createAuditLog(files.audit, { keysDir, notebook: id });
  const parts = { ...auditedChanges(notes, createCardDeck(files.cards), audit), course: createCourseFile(files.course), audit };
  const changeFile = path.join(dir, COURSE_CHANGE_FILE);
  // A course change a killed process committed but did not finish: finished before anything reads the course.
  await finishCourseChange(parts, changeFile);
  return Object.freeze({
    dataDir: dir,
    id,
    files: Object.freeze(files),
    ...parts,
    index,
    list: () => notes.list(),
    usage: createUsageLog(files.usage, opts.prices ?? PRICES_USD_PER_MTOK),
    reviews: createReviewStore(files.reviews),
    reasons: createReasonsLog(path.join(dir, NOTEBOOK_FILES.reasons)),
    changeCourse: (change: CourseChange) => commitCourseChange(parts, changeFile, change),
  });
}

/**
 * The notes and the deck whose deletions, moves and edits leave an audit line each (ids, weeks and
 * lengths, never text), whoever asks for them (a course change, a card removed in a review, a note
 * corrected from the chat): what the student changed is on record, with who asked when known.
 */
function auditedChanges(notes: NotesStore, cards: CardDeck, audit: AuditLog): { notes: NotesStore; cards: CardDeck } {
  const now = () => new Date().toISOString();
  return {
    notes: {
      ...notes,
      removeMany: async (ids, by) => {
        const removed = await notes.removeMany(ids);
        if (removed > 0) await audit.append({ timestamp: now(), event: NOTES_DELETED_EVENT, notas: [...ids], borradas: removed, ...by });
        return removed;
      },
      update: async (id, change, by) => {
        const r = await notes.update(id, change);
        if (!r) return r;
        const { before, after } = r;
        if ((before.semana ?? null) !== (after.semana ?? null)) {
          await audit.append({ timestamp: now(), event: NOTE_MOVED_EVENT, nota: id, de: before.semana ?? null, a: after.semana ?? null, ...by });
        }
        if (before.texto !== after.texto || before.tema !== after.tema) {
          await audit.append({ timestamp: now(), event: NOTE_EDITED_EVENT, nota: id, caracteres_antes: before.texto.length, caracteres_despues: after.texto.length, ...(before.tema !== after.tema ? { tema_cambiado: true } : {}), ...by });
        }
        return r;
      },
    },
    cards: {
      ...cards,
      remove: async (cardId, by, replaced) => {
        const card = (await cards.list()).find((c) => c.id === cardId);
        const removed = await cards.remove(cardId, undefined, replaced);
        if (removed) await audit.append({ timestamp: now(), event: CARD_DELETED_EVENT, tarjeta: cardId, ...(card ? { id_nota: card.id_nota } : {}), ...by });
        return removed;
      },
      edit: async (cardId, pregunta, respuesta, by) => {
        const card = await cards.edit(cardId, pregunta, respuesta);
        if (card) await audit.append({ timestamp: now(), event: CARD_EDITED_EVENT, tarjeta: cardId, id_nota: card.id_nota, ...by });
        return card;
      },
    },
  };
}
