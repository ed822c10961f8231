/**
 * The audit log's entries that are not a tool call's request and result: changes to the student's
 * notebook made outside the dispatcher, each one line with counts and ids, never note text.
 */

/** The course replaced or edited (store/courseChange.ts): weeks, notes and cards moved or deleted. */
export const COURSE_CHANGED_EVENT = 'curso_cambiado';
/** An import of material approved and saved (domain/material/imports.ts): the file's key and the notes' ids. */
export const IMPORT_SAVED_EVENT = 'importacion_guardada';

/** Notes the student deleted (a week's notes with the course change that removed it, or one note from the chat): their ids. */
export const NOTES_DELETED_EVENT = 'notas_borradas';
/** A card the student deleted: its id and its note's. */
export const CARD_DELETED_EVENT = 'tarjeta_borrada';

/** A document read again («leer de nuevo», issue 43 item 7): its key and the notes replaced in place, added and removed. */
export const DOCUMENT_REREAD_EVENT = 'documento_releido';
/** A card of a passage that changed when its document was read again, kept by the student after review. */
export const REREAD_CARD_KEPT_EVENT = 'tarjeta_conservada';


/** What a reading again changed in the notebook, by note id. */
export interface DocumentReread {
  /** The document's key, as its import was audited (`importacion_guardada`'s `clave`). */
  clave: string;
  /** Notes whose text was replaced in place (their cards keep their history). */
  reemplazadas: readonly number[];
  /** Notes the new reading added. */
  nuevas: readonly number[];
  /** Notes the new reading no longer has, removed. */
  borradas: readonly number[];
}

/**
 * The audit line of a document read again: ids and counts, never text — written once the new
 * notes are saved, like an import's (the reading again itself lives with the import).
 */
export function rereadAuditEntry(r: DocumentReread, now = new Date()): Record<string, unknown> {
  return {
    timestamp: now.toISOString(), event: DOCUMENT_REREAD_EVENT, clave: r.clave,
    reemplazadas: [...r.reemplazadas], nuevas: [...r.nuevas], borradas: [...r.borradas],
  };
}
/** A note moved to another week (or to none) from the chat: its id, the weeks before and after, its cards moved with it. */
export const NOTE_MOVED_EVENT = 'nota_movida';
/** A note's text or topic corrected from the chat: its id and the text's lengths before and after. */
export const NOTE_EDITED_EVENT = 'nota_editada';
/** A card's question or answer corrected: its id and its note's. */
export const CARD_EDITED_EVENT = 'tarjeta_editada';

/** Every such event, for the check of the log (auditCheck.ts): none of them pairs with another line. */
export const NOTEBOOK_EVENTS: readonly string[] = [COURSE_CHANGED_EVENT, IMPORT_SAVED_EVENT, NOTES_DELETED_EVENT, CARD_DELETED_EVENT, NOTE_MOVED_EVENT, NOTE_EDITED_EVENT, CARD_EDITED_EVENT, DOCUMENT_REREAD_EVENT, REREAD_CARD_KEPT_EVENT];
