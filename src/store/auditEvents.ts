/**
 * The audit log's entries that are not a tool call's request and result: changes to the student's
 * notebook made outside the dispatcher, each one line with counts and ids, never note text.
 */

/** The course replaced or edited (store/courseChange.ts): weeks, notes and cards moved or deleted. */
export const COURSE_CHANGED_EVENT = 'curso_cambiado';
/** An import of material approved and saved (tools/material/imports.ts): the file's key and the notes' ids. */
export const IMPORT_SAVED_EVENT = 'importacion_guardada';

/** Notes the student deleted (a week's notes with the course change that removed it): their ids. */
export const NOTES_DELETED_EVENT = 'notas_borradas';
/** A card the student deleted: its id and its note's. */
export const CARD_DELETED_EVENT = 'tarjeta_borrada';

/** Every such event, for the check of the log (auditCheck.ts): none of them pairs with another line. */
export const NOTEBOOK_EVENTS: readonly string[] = [COURSE_CHANGED_EVENT, IMPORT_SAVED_EVENT, NOTES_DELETED_EVENT, CARD_DELETED_EVENT];
