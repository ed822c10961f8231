/**
 * What a message means, as values: the vocabulary of understand.ts (which re-exports it) and of the
 * reader in read.ts. Types only, in a file of their own, so the reader needs no circle back to
 * understand.ts.
 */
import type { CourseEdit } from './course-edit.js';
import type { ReminderSlots } from './reminder.js';
import type { Part } from './slots.js';

export type Item = 'portada' | 'narracion';
export type Voice = 'mia' | 'sintetica';
export type CommandName = 'ayuda' | 'estado' | 'gasto' | 'cancelar' | 'notas' | 'start';
/** What an ambiguous request already says, so the question back offers the right buttons. */
export type Wanted = 'preparar' | Item | 'tarjetas' | 'buscar';

export type Understood =
  | { intent: 'saludo' }
  | { intent: 'gracias' }
  | { intent: 'charla' }
  | { intent: 'buscar'; consulta: string }
  /** The whole week; `sin` lists the parts left out («sin audio»), sorted. */
  | { intent: 'preparar'; semana: number; voz: Voice; redo: boolean; sin?: Part[] }
  | { intent: 'rehacer'; que: Item; semana: number; voz: Voice; redo: boolean }
  | { intent: 'narrar'; semana: number; voz: Voice }
  | { intent: 'tarjetas'; nota: string | number }
  | { intent: 'orden'; nombre: CommandName }
  | { intent: 'repaso' }
  /** A quiz of quiz polls: of a week, of a topic (the student's words), of `preguntas` questions. */
  | { intent: 'quiz'; semana?: number; tema?: string; preguntas?: number }
  | { intent: 'exportar' }
  | { intent: 'borrar_datos' }
  /**
   * One note named by its number: delete it, correct it, show it, or move it (to week `semana`, or
   * asked with buttons when no week is said); or the list of a week's notes («mis notas de la semana 5»).
   */
  | { intent: 'nota'; accion: 'borrar' | 'editar' | 'ver'; nota: number }
  | { intent: 'nota'; accion: 'mover'; nota: number; semana?: number }
  | { intent: 'nota'; accion: 'listar'; semana: number }
  /** One card named by its number: delete it (after its own question), suspend it or take it back into review. */
  | { intent: 'tarjeta'; accion: 'borrar' | 'suspender' | 'reactivar'; tarjeta: number }
  | { intent: 'importar' }
  /** A document sent earlier, read again by today's reader; `documento` in the student's words ('' = none named). */
  | { intent: 'releer'; documento: string }
  /**
   * Not a request but something to study («La elasticidad mide cuánto cambia…»): a statement about
   * what week `semana` of the course is about. The bot offers to keep it as a note.
   */
  | { intent: 'apunte'; semana: number }
  | ({ intent: 'recordatorio' } & ReminderSlots)
  | ({ intent: 'curso'; semana: number } & Exclude<CourseEdit, { cambio: 'anadir' }>)
  | ({ intent: 'curso' } & Extract<CourseEdit, { cambio: 'anadir' }>)
  /** `bajaConfianza`: the classifier was unsure what the message is about (not a missing detail). */
  | { intent: 'ambiguo'; quiere?: Wanted; semanaInexistente?: number; bajaConfianza?: true };
