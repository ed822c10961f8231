/**
 * What every command composer of the bot shares: the notebook it reads and writes, and the forms
 * of a command's name. A leaf (imports types only), so composers import it without a circle.
 */
import type { AuditLog, CardDeck, CourseFile, Notebook, NotesStore, ReasonsLog, ReviewStore, UsageLog } from '../store/index.js';

/** The part of the notebook the bot reads and writes (store/types.ts Notebook satisfies it). */
export interface BotNotebook {
  notes: Pick<NotesStore, 'list' | 'get' | 'add' | 'addMany' | 'setWeeks' | 'removeMany' | 'update' | 'rewrite'>;
  /** The owner's course (`curso.json`; none = the demo course): which weeks exist; /curso changes it. */
  course: Pick<CourseFile, 'read' | 'write'>;
  usage: Pick<UsageLog, 'list' | 'monthTotal' | 'month' | 'append'>;
  /** The deck and its review state (/repasar, /tarjetas, /exportar, the report's cards). */
  cards: CardDeck;
  reviews: ReviewStore;
  /** The audit log: the student's review of a model's cards is counted there (/tarjetas reads it back). */
  audit: Pick<AuditLog, 'append' | 'list'>;
  /** The reasons of the owner's earlier noes: an approval shows the last one given against the same thing. */
  reasons: Pick<ReasonsLog, 'last'>;
  /** A course change with the weeks it moves, as one commit (/curso, a syllabus). */
  changeCourse: Notebook['changeCourse'];
}

/**
 * The command as typed on a phone: keyboards capitalise the first letter ("/Semana 2") and caps
 * lock shouts it; Telegram's own commands are lower case and grammY matches them exactly.
 */
export function anyCase(name: string): string[] {
  return [...new Set([name, name.charAt(0).toUpperCase() + name.slice(1), name.toUpperCase()])];
}
