/**
 * One message read (pure once the model is loaded): the classifier says what it is about, the slot
 * rules read the details, the course places the week. Below `MIN_CONFIDENCE` the answer is
 * `ambiguo` and the bot asks back with buttons.
 */
import { readFileSync } from 'node:fs';
import type { Understood, Wanted } from './meaning.js';
import { IntentClassifier, type Classification } from './classifier.js';
import { courseEdit, editsCourse } from './course-edit.js';
import { quizAsked } from './quiz.js';
import { cardAction, noteAction } from './note-action.js';
import { rereadAsked } from './reread.js';
import { reminderSlots } from './reminder.js';
import { notebookQuestion } from './question.js';
import { asksRedo, cardsNote, excluded, namedParts, noteNumber, onlyPart, ownVoice, searchTopic, type Part } from './slots.js';
import { words, type Words } from './text.js';
import { weekSlot, writtenWeek, type CourseContext } from './week.js';

/**
 * The classes the classifier tells apart. `item` is one part of a week (its cover or its narration);
 * the command names are the commands said in words; `None` is what it answers when no known word is there.
 */
export const CLASSES = [
  'saludo', 'gracias', 'charla', 'buscar', 'preparar', 'item', 'tarjetas', 'repaso', 'exportar', 'recordatorio',
  'borrar_datos', 'importar', 'curso', 'ayuda', 'estado', 'gasto', 'cancelar', 'notas', 'start', 'nota',
  'borrar_datos', 'importar', 'curso', 'ayuda', 'estado', 'gasto', 'cancelar', 'notas', 'start', 'releer',
] as const;
export type IntentClass = (typeof CLASSES)[number];

/** Below this score (0–1, the best class's share) the message is asked back rather than guessed. */
export const MIN_CONFIDENCE = 0.5;

/** The committed model (trained by `npm run train:nlu`), loaded once, on first use. */
export const MODEL_URL = new URL('./model.json', import.meta.url);
let shipped: IntentClassifier | undefined;
export function shippedClassifier(): IntentClassifier {
  shipped ??= IntentClassifier.fromJSON(readFileSync(MODEL_URL, 'utf8'));
  return shipped;
}

const isClass = (x: string): x is IntentClass => (CLASSES as readonly string[]).includes(x);
const COMMAND_CLASSES = new Set<IntentClass>(['ayuda', 'estado', 'gasto', 'cancelar', 'notas', 'start']);

/** Reads one message against `course` ("today" is `now`). Never throws; what it cannot place is `ambiguo`. */
export function readMessage(text: string, course: CourseContext, now: Date, classifier: IntentClassifier = shippedClassifier()): Understood {
  const w = words(text);
  if (!w.t) return { intent: 'ambiguo' };
  // A message that names a week or a part of one is about the work, never small talk: those
  // classes drop out and the others' shares are renormalised.
  const work = namedParts(w).length > 0 || /\b(semana|semanas|week)\b/.test(w.t) || writtenWeek(w.t) !== undefined;
  // «prepara el tema de costes» asks for a week, whatever weight «costes» has for /gasto.
  const preparing = PREPARE.test(w.t);
  const ranked = classifier.classify(text).filter((c) => !((work || preparing) && CHATTY.has(c.intent)) && !(preparing && COMMAND_CLASSES.has(c.intent as IntentClass)) && (CUES[c.intent]?.test(w.t) ?? true));
  const total = ranked.reduce((sum, c) => sum + c.score, 0);
  const top: Classification | undefined = ranked[0];
  // «Lee de nuevo el tema 5»: a document, whatever week or course words it names.
  const again = rereadAsked(w);
  if (again) return again;
  if (editsCourse(w.t, text)) return courseChange(text, w, course, now);
  const quiz = quizAsked(w, course, now);
  if (quiz) return quiz;
  // One card by its number («borra la tarjeta 3»): the deck's command in words, never a week's work.
  const card = cardAction(w);
  if (card) return card;
  // One note by its number, or a week's notes: the number decides, whatever «borra» weighs.
  const note = noteAction(w, course, now);
  if (note) return note;
  const asked = notebookQuestion(w, work);
  if (asked) return { intent: 'buscar', consulta: asked };
  const studied = !work && !preparing ? statementAbout(text, w, course) : undefined;
  if (studied !== undefined) return { intent: 'apunte', semana: studied };
  // Not sure what it is about (`bajaConfianza`): a configured model may read it (agent/classify.ts).
  const unsure = !top || !isClass(top.intent) || total <= 0 || top.score / total < MIN_CONFIDENCE;
  // «prepárame lo de elasticidad»: the verb says what it is about, however unsure the classifier.
  if (unsure && preparing) return withSlots('preparar', text, w, course, now);
  if (unsure) return { intent: 'ambiguo', bajaConfianza: true };
  return withSlots(complaintAbout(top!.intent as IntentClass, w), text, w, course, now);
}

const OWN_VOICE_WORDS = /\b(con )?mi (propia )?voz\b|\b(with )?my (own )?voice\b/g;
/**
 * A redo or a complaint about one named part of a week («la voz de la semana 3 no me gusta») is about
 * that part, never a whole new week — whatever the classifier made of it. «Con mi voz» chooses
 * the voice; it names no part.
 */
function complaintAbout(cls: IntentClass, w: Words): IntentClass {
  if (cls !== 'preparar' || !asksRedo(w.t)) return cls;
  const named = namedParts(words(w.t.replace(OWN_VOICE_WORDS, ' '))).filter((p) => p !== 'tarjetas' && !excluded(w).includes(p));
  return named.length === 1 ? 'item' : cls;
}

const CHATTY = new Set(['saludo', 'gracias', 'charla']);

/** A message that asks to prepare something: a week's work, whatever else its words weigh. */
const PREPARE = /^(?:(?:oye|venga|vale|bueno|porfa|please|ahora) )*(?:preparame|prepara|preparar|preparemos|prepare|prepareme|preparamelo|organiza|organizame|organice)\b/;

/**
 * Words that make a message a request or a question: with none of them, a sentence of some length
 * about a week of the course is something to study, not something to do.
 */
const REQUEST_WORDS = /\b(prepar\w*|haz\w*|hag\w*|hacer|narr\w*|rehaz\w*|rehag\w*|gener\w*|busc\w*|quiero|quisiera|querria|necesito|puedes|podrias|puede|dame|danos|pon\w*|mand\w*|envi\w*|ensena\w*|muestra\w*|crea\w*|borr\w*|cancel\w*|ayud\w*|recuerd\w*|repas\w*|export\w*|import\w*|guard\w*|apunta\w*|anota\w*|tengo|hola|gracias|please|can|could|make|want|need)\b/;
/** Fewer words than this is a request or a remark, never a note. */
const STATEMENT_MIN_WORDS = 8;

/** The week a statement of study content is about («La elasticidad mide…»), or undefined. */
function statementAbout(text: string, w: Words, course: CourseContext): number | undefined {
  if (w.norm.length < STATEMENT_MIN_WORDS || /[?¿]/.test(text) || REQUEST_WORDS.test(w.t)) return undefined;
  return course.weekByWords?.(text) ?? undefined;
}
/**
 * Intents with a lasting effect are only read when a word of theirs is there: a message about
 * cards with no word of exporting is not an export, whatever weight «tarjetas» has there.
 */
const CUES: Partial<Record<string, RegExp>> = {
  exportar: /\b(anki|export\w*|descarg\w*|baja\w*|archivo|fichero|apkg|mazo|deck|download\w*|csv|llevar\w*|pasa\w*)\b/,
  importar: /\b(import\w*|sub\w*|carg\w*|upload\w*|pdf|archivo|fichero|temario|mando|paso|horario|guard\w*)\b/,
  borrar_datos: /\b(borr\w*|elimin\w*|olvid\w*|baja|delete|erase|wipe|remove|datos|cuenta|data|account)\b/,
  repaso: /\b(repas\w*|prueba|pregunt\w*|examin\w*|estudi\w*|practic\w*|review\w*|quiz|test|tarjetas?|fichas?|cards?|flashcards?|leccion|toca\w*)\b/,
  // Stopping work is read only from a word of stopping; «para» counts where it leads the message
  // («para ya», «no, para»), not as the preposition of «estudiar el gótico para clase».
  cancelar: /\b(cancel\w*|parar|paralo|detente|deten\w*|stop\w*|dej\w*|olvid\w*|abort\w*|sigas|basta|forget|quit|halt)\b|^((no|mejor no|oye|eh|vale) )?para\b/,
  // Reading a document again is said with a word of reading (the rule in reread.ts reads the usual ones).
  releer: /\b(le[aeiy]\w*|lee\w*|rele\w*|lector|cortad\w*|desordenad\w*|revuelt\w*)\b/,
  recordatorio: /\b(recuerd\w*|record\w*|avis\w*|remind\w*|alarma|notifica\w*|las|at|cada|todos|daily|every)\b/,
  nota: /\b(nota|notas|note|notes|apuntes?)\b/,
};

function withSlots(cls: IntentClass, text: string, w: Words, course: CourseContext, now: Date): Understood {
  // «¿qué notas tengo del barroco?» is a search; «¿qué notas tengo?» the list.
  const topic = cls === 'notas' ? searchTopic(w) : undefined;
  if (topic) return { intent: 'buscar', consulta: topic };
  if (COMMAND_CLASSES.has(cls)) return { intent: 'orden', nombre: cls as Extract<Understood, { intent: 'orden' }>['nombre'] };
  switch (cls) {
    case 'saludo':
    case 'gracias':
    case 'charla':
    case 'repaso':
    case 'exportar':
    case 'importar':
      return { intent: cls };
    // A message that names one note is never «erase everything» (its own reading is noteAction's).
    case 'borrar_datos':
      return noteNumber(w.t) === undefined ? { intent: cls } : { intent: 'ambiguo' };
    // About one note, but which note or what to do with it is not said.
    case 'nota':
      return { intent: 'ambiguo' };
    case 'recordatorio':
      return { intent: 'recordatorio', ...reminderSlots(w.t) };
    case 'buscar': {
      const consulta = searchTopic(w);
      return consulta ? { intent: 'buscar', consulta } : { intent: 'ambiguo', quiere: 'buscar' };
    }
    case 'tarjetas': {
      // «tarjetas del tema 2»: a week named by its number is the week's cards, not a note called «2».
      if (writtenWeek(w.t) !== undefined && noteNumber(w.t) === undefined) return weekWork('preparar', w, course, now, ['tarjetas']);
      const nota = cardsNote(w);
      if (nota !== undefined) return { intent: 'tarjetas', nota };
      // «las tarjetas de la semana 3»: the week's cards alone.
      const week = weekSlot(w.t, course, now);
      return week.kind === 'none' ? { intent: 'ambiguo', quiere: 'tarjetas' } : weekWork('preparar', w, course, now, ['tarjetas']);
    }
    case 'curso':
      return courseChange(text, w, course, now);
    // Read as a re-read without the words the rule knows («el pdf del tema 5 salió mal»): which one is asked back.
    case 'releer':
      return { intent: 'releer', documento: '' };
    default:
      return weekWork(cls === 'item' ? 'item' : 'preparar', w, course, now);
  }
}

const ALL_PARTS: readonly Part[] = ['narracion', 'portada', 'tarjetas'];

/** A week's work: the whole week (less what is left out), or one part of it; `only` forces one part. */
function weekWork(cls: 'preparar' | 'item', w: Words, course: CourseContext, now: Date, only?: Part[]): Understood {
  const asked = onlyPart(w);
  // «las tarjetas de la semana 4»: a week named with its cards alone asks for the cards alone.
  const cardsAlone = cls === 'preparar' && excluded(w).length === 0 && namedParts(w).join() === 'tarjetas';
  const alone = only ?? (asked ? [asked] : cardsAlone ? ['tarjetas' as const] : undefined);
  const sin = alone ? ALL_PARTS.filter((p) => !alone.includes(p)) : excluded(w);
  const kept = ALL_PARTS.filter((p) => !sin.includes(p));
  const named = namedParts(w).filter((p) => p !== 'tarjetas' && !sin.includes(p));
  // One part: asked alone, or the only one left, or (for an item) the one the words name.
  const one = kept.length === 1 ? kept[0] : cls === 'item' && named.length > 0 ? named[0] : undefined;
  const item = one === 'portada' || one === 'narracion' ? one : undefined;
  const quiere: Wanted = item ?? (one === 'tarjetas' ? 'tarjetas' : 'preparar');
  // One part of the week, but which one is not said («rehaz eso de la semana 2»).
  if (kept.length === 0 || (cls === 'item' && !one)) return { intent: 'ambiguo', quiere };
  const slot = weekSlot(w.t, course, now, true);
  if (slot.kind === 'missing') return { intent: 'ambiguo', quiere, semanaInexistente: slot.week };
  // No number, no «esta semana»: the week whose title or key terms the words name («lo de la elasticidad»).
  const byWords = slot.kind === 'none' ? course.weekByWords?.(w.raw.join(' ')) ?? undefined : undefined;
  if (slot.kind !== 'week' && byWords === undefined) return { intent: 'ambiguo', quiere };
  const semana = slot.kind === 'week' ? slot.week : byWords!;
  const voz = ownVoice(w.t) ? 'mia' : 'sintetica';
  const redo = asksRedo(w.t);
  if (item === 'narracion' && !redo) return { intent: 'narrar', semana, voz };
  if (item) return { intent: 'rehacer', que: item, semana, voz, redo };
  return { intent: 'preparar', semana, voz, redo, ...(sin.length > 0 ? { sin } : {}) };
}

/** A change to the course; the week it names must be one of the course's. */
function courseChange(text: string, w: Words, course: CourseContext, now: Date): Understood {
  const edit = courseEdit(w.t, text);
  if (!edit) return { intent: 'ambiguo' };
  if (edit.cambio === 'anadir') return { intent: 'curso', ...edit };
  const slot = weekSlot(w.t, course, now);
  if (slot.kind === 'missing') return { intent: 'ambiguo', semanaInexistente: slot.week };
  if (slot.kind !== 'week') return { intent: 'ambiguo' };
  return { intent: 'curso', semana: slot.week, ...edit };
}
