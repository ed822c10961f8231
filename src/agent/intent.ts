/**
 * What the owner asked for, as a plan for the offline planner (pure). Built on `understand`, the one
 * reading of the owner's words, so the bot and the planner never disagree about a sentence; the
 * loop decides a deliberate redo from the same words (`asksForRedo`) — never from the model or a note.
 */
import type { Week } from '../domain/notebook.js';
import { hasWeek, weekRange, type Course } from '../domain/course/course.js';
import { ASK } from '../strings/agent.js';
import { understand, type Understood } from './understand.js';

export { asksForRedo, fold, understand, type Understood } from './understand.js';

export interface PlanIntent {
  kind: 'plan';
  week?: Week;
  /** What to search for the cards' note; defaults to the week's topic. */
  query?: string;
  /** The cards' note named by its number: no search needed. */
  noteId?: number;
  actions: { tarjetas: boolean; portada: boolean; narracion: boolean };
  /** true = procedural cover on the CPU (default: works on a fresh machine). */
  maqueta: boolean;
  motor: 'juguete' | 'xtts';
}
export interface QuestionIntent {
  kind: 'pregunta';
  question: string;
}
export type Intent = PlanIntent | QuestionIntent;

const NONE = { tarjetas: false, portada: false, narracion: false };

/** A part of a week's work that is made from the week's own notes. */
export type NotesWork = 'tarjetas' | 'narracion';

/**
 * The parts asked for that need the week's own notes: cards are made from them and the narration
 * reads them aloud; a cover needs only the week's title. For a week with no notes yet, these are
 * what cannot be done — said before anything is asked or run, never after an approval.
 */
export function needsNotes(actions: PlanIntent['actions']): NotesWork[] {
  return (['tarjetas', 'narracion'] as const).filter((part) => actions[part]);
}

/** Reads the request against the owner's course. Anything that is not work (a greeting, a question, an unclear request) becomes words back. */
export function interpret(text: string, course: Course, now?: Date): Intent {
  return intentOf(understand(text, course, now), text, course);
}

/** The plan for what `understand` read in `text` (the bot reads a message once and plans from that reading). */
export function intentOf(u: Understood, text: string, course: Course): Intent {
  const maqueta = !/\b(flux|gpu|de verdad|alta calidad|sin maqueta)\b/i.test(text);
  const motor = (v: 'mia' | 'sintetica') => (v === 'mia' ? 'xtts' as const : 'juguete' as const);
  // A week outside the owner's course is a question back naming the real range, never a run.
  const plan = (semana: number, actions: PlanIntent['actions'], voz: 'mia' | 'sintetica'): Intent =>
    hasWeek(course, semana) ? { kind: 'plan', week: semana as Week, actions, maqueta, motor: motor(voz) } : { kind: 'pregunta', question: ASK.noSuchWeek(semana, weekRange(course)) };
  switch (u.intent) {
    case 'preparar': {
      // «sin audio»: what the owner left out is not made (nor asked for).
      const sin = new Set(u.sin ?? []);
      return plan(u.semana, { tarjetas: !sin.has('tarjetas'), portada: !sin.has('portada'), narracion: !sin.has('narracion') }, u.voz);
    }
    case 'rehacer':
      return plan(u.semana, { ...NONE, [u.que]: true }, u.voz);
    case 'narrar':
      return plan(u.semana, { ...NONE, narracion: true }, u.voz);
    case 'tarjetas': {
      const note = typeof u.nota === 'number' ? { noteId: u.nota } : { query: u.nota };
      return { kind: 'plan', ...note, actions: { ...NONE, tarjetas: true }, maqueta, motor: 'juguete' };
    }
    default:
      return { kind: 'pregunta', question: questionFor(u, course) };
  }
}

/** The words back for whatever is not work, as the planner says them (the bot answers most of these itself). */
export function questionFor(u: Understood, course: Course): string {
  const weeks = weekRange(course);
  switch (u.intent) {
    case 'saludo':
    case 'charla':
      return ASK.hello;
    case 'gracias':
      return ASK.thanks;
    case 'buscar':
      return ASK.searchInChat(u.consulta);
    case 'orden':
      return ASK.command(u.nombre);
    case 'ambiguo':
      if (u.semanaInexistente !== undefined) return ASK.noSuchWeek(u.semanaInexistente, weeks);
      if (u.quiere === 'tarjetas') return ASK.whichNote;
      if (u.quiere === 'buscar') return ASK.whatToSearch;
      if (u.quiere === 'portada' || u.quiere === 'narracion') return ASK.whichWeekFor(u.quiere, weeks);
      if (u.quiere === 'preparar') return ASK.whichWeek(weeks);
      return ASK.unclear;
    case 'apunte':
      return ASK.statement(u.semana);
    default:
      return ASK.unclear;
  }
}
