/** The store layer: the notebook's files in the data dir. Lower than tools; imports no layer. */
export { openNotebook, NOTEBOOK_FILES } from './notebook.js';
export { exampleNoteIds, readSeedNotes, SEED_NOTES_FILE } from './notesFile.js';
export { ESTIMATED_TASK_PREFIX, USAGE_COLUMNS, formatUsd } from './usageCsv.js';
export type { AuditLog, Card, CardDeck, ChangedBy, NewCard, Note, NoteChange, Notebook, NotesStore, UsageInput, UsageLog, UsageMonth, UsageOrigin, UsageRow } from './types.js';
export { USAGE_ORIGINS } from './types.js';
export { GRADES, REVIEW_STATE_VERSION, emptyReviewState } from './reviews.js';
export type { FsrsSnapshot, FsrsStateCode, Grade, ReminderSettings, ReviewEntry, ReviewSession, ReviewState, ReviewStore } from './reviews.js';
export { COURSE_FILE, COURSE_LIMITS, COURSE_STATE_VERSION, checkCourse, createCourseFile } from './courseFile.js';
export type { CourseFile, StoredCourse } from './courseFile.js';
export { CARDS_STATE_VERSION, NOTES_STATE_VERSION } from './notesFile.js';
export { REASONS_FILE, reasonMatches, refusedSubject } from './reasons.js';
export type { ReasonsLog, RefusalReason } from './reasons.js';
