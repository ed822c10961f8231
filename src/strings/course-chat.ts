/**
 * What the chat says about the student's course (issue 25, tú, plain text): `/curso`, a pasted
 * syllabus as a proposal, the edits, the question before a week with notes or cards goes away, and
 * the class's published course. The limits quoted are passed in, never repeated here.
 */
import { count } from './count.js';

/** «1, 2 y 3». */
const inWords = (items: readonly (number | string)[]): string => {
  const all = items.map(String);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} y ${all.at(-1)}`;
};
const weeksWord = (weeks: readonly number[]) => (weeks.length === 1 ? `la semana ${weeks[0]}` : `las semanas ${inWords(weeks)}`);

export interface CourseLineView {
  numero: number;
  titulo: string;
  inicio: string | null;
  sin_clase?: true;
}

/** A question the proposal asks about a line it was unsure of (the syllabus parser's `dudas`). */
export interface DoubtView {
  semana: number;
  pregunta: string;
}

const MONTH_ABBR = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
/** «8 feb 2027» from `2027-02-08`: always with its year, so a course over the year end reads right. */
const dayWithYear = (ymd: string) => `${Number(ymd.slice(8, 10))} ${MONTH_ABBR[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(0, 4)}`;
const weekLine = (w: CourseLineView) =>
  `${w.sin_clase ? '⛔ ' : ''}${w.numero}. ${w.titulo}${w.inicio ? ` (desde el ${dayWithYear(w.inicio)})` : ''}${w.sin_clase ? ' — sin clase, no se prepara' : ''}`;
const doubtLines = (dudas: readonly DoubtView[]) =>
  dudas.length === 0 ? [] : ['', `❓ ${dudas.length === 1 ? 'Tengo una duda' : `Tengo ${dudas.length} dudas`} (responde a este mensaje con «N: título» para cambiar una semana):`, ...dudas.map((d) => `• ${d.pregunta}`)];

export const COURSE_BUTTONS = Object.freeze({
  use: '✅ Usar este curso',
  change: '✏️ Cambiar una semana',
  discard: '❌ Descartar',
  isMaterial: '📄 Es material, no un temario',
  isSyllabus: '📅 Es un temario',
  moveTo: (n: number) => `A la semana ${n}`,
  noWeek: 'Dejarlas sin semana',
  delete: '🗑 Borrarlas',
  confirmDelete: '🗑 Sí, bórralas',
  keep: 'No, no borres nada',
  useNew: '✅ Usar la nueva',
  keepMine: 'Seguir con la mía',
});

/** A syllabus proposal's last line while it waits for the owner. */
const PROPOSAL_WAITS = 'No cambio nada hasta que lo aceptes.';

export const COURSE_CHAT = Object.freeze({
  /**
   * `/curso`: the title and each week with its date, in one message. The example course is named
   * as what it is: its title is the product's name, which read as a course («Cuaderno Vivo»).
   */
  show: (title: string, weeks: readonly CourseLineView[], demo: boolean) =>
    [
      `📚 ${demo ? 'Curso de ejemplo' : title} — ${count(weeks.length, 'semana', 'semanas')}`,
      '',
      ...weeks.map(weekLine),
      '',
      demo
        ? 'Para usar el tuyo, pega aquí tu temario (una línea por semana) o mándamelo como archivo de texto.'
        : 'Para cambiarlo: /curso semana N título, /curso quitar N (la deja sin clase) o /curso fecha N AAAA-MM-DD.',
    ].join('\n'),
  /** A syllabus read from a paste or a file, before anything changes. */
  proposal: (title: string, weeks: readonly CourseLineView[], dudas: readonly DoubtView[] = []) => {
    const off = weeks.filter((w) => w.sin_clase).length;
    const without = off === 0 ? '' : ` (${off === 1 ? 'una sin clase' : `${off} sin clase`})`;
    return [`📚 He leído un temario: «${title}», ${count(weeks.length, 'semana', 'semanas')}${without}.`, '', ...weeks.map(weekLine), ...doubtLines(dudas), '', PROPOSAL_WAITS].join('\n');
  },
  /** The proposal's last line once answered, instead of «No cambio nada hasta que lo aceptes». */
  proposalAnswered: (accepted: boolean) => (accepted ? '✅ Lo aceptaste: este es tu curso.' : '❌ Lo descartaste: no cambié nada.'),
  /** The line a pending proposal ends with (replaced once it is answered). */
  proposalWaits: () => PROPOSAL_WAITS,
  /** What ✏️ explains: a reply to the proposal changes one week. */
  changeHow: (max: number) =>
    `Para cambiar una semana, responde a la propuesta con el número de la semana y el título nuevo, por ejemplo «3: Membranas y transporte» (de la 1 a la ${max}).`,
  changeUsage: () => 'Escribe el número de la semana, dos puntos y el título nuevo, por ejemplo «3: Membranas y transporte».',
  changed: (n: number) => `Cambiada la semana ${n} de la propuesta.`,
  discarded: () => 'Descartado: tu curso sigue como estaba.',
  accepted: (title: string, weeks: number) => `Listo: tu curso es «${title}», con ${count(weeks, 'semana', 'semanas')}. Escribe /curso para verlo.`,
  /** The weeks about to go away have notes or cards: what to do with them. */
  orphans: (weeks: readonly number[], notes: number, cards: number) =>
    `Con este cambio ${weeks.length === 1 ? 'desaparece' : 'desaparecen'} ${weeksWord(weeks)}, y tiene${weeks.length === 1 ? '' : 'n'} ${[notes ? count(notes, 'nota', 'notas') : '', cards ? count(cards, 'tarjeta', 'tarjetas') : ''].filter(Boolean).join(' y ')}. ¿Qué hago con ellas?`,
  confirmDelete: (notes: number, cards: number) =>
    `¿Seguro? Borraré ${[notes ? count(notes, 'nota', 'notas') : '', cards ? count(cards, 'tarjeta', 'tarjetas') : ''].filter(Boolean).join(' y ')} para siempre.`,
  kept: () => 'No he cambiado nada.',
  courseChanged: () => 'Tu curso ha cambiado desde que te lo pregunté, así que no he tocado nada. Vuelve a pedirlo, por favor.',
  movedTo: (n: number) => `Las he pasado a la semana ${n}.`,
  leftWithout: () => 'Se han quedado sin semana; siguen en tu cuaderno.',
  examplesRemoved: (notes: number, cards: number) =>
    `${notes === 1 ? 'La nota de ejemplo ya no está' : `Las ${notes} notas de ejemplo ya no están`} en tu cuaderno` +
    `${cards === 0 ? '' : cards === 1 ? ' (ni la tarjeta hecha con ellas)' : ` (ni las ${cards} tarjetas hechas con ellas)`}: tus semanas empiezan solo con lo tuyo.`,
  deleted: (notes: number, cards: number) => `Borradas: ${count(notes, 'nota', 'notas')} y ${count(cards, 'tarjeta', 'tarjetas')}.`,
  renamed: (n: number, title: string) => `Hecho: la semana ${n} ahora es «${title}».`,
  added: (n: number, title: string) => `Añadida la semana ${n}: «${title}».`,
  removed: (n: number, left: number) => `Quitada la semana ${n}; tu curso tiene ahora ${count(left, 'semana', 'semanas')}${n <= left ? ' (las que iban después bajan un número)' : ''}.`,
  /** «quita la semana 7» by default: the week stays in the numbering, without class. */
  markedNoClass: (n: number) =>
    `Hecho: la semana ${n} queda sin clase y las demás siguen con el mismo número, como en tu guía. Si prefieres quitarla y que las siguientes bajen un número, escribe /curso quitar ${n} renumerar.`,
  /** Work asked of a week without class: nothing is prepared for it. */
  noClassWeek: (n: number, title: string) => `La semana ${n} no tiene clase («${title}»), así que no preparo nada para ella. Dime otra semana, o escribe /curso para ver las que tienen clase.`,
  alreadyNoClass: (n: number) => `La semana ${n} ya está sin clase. Si quieres quitarla y que las siguientes bajen un número, escribe /curso quitar ${n} renumerar.`,
  dated: (n: number, ymd: string) => `Hecho: la semana ${n} empieza el ${dayWithYear(ymd)}.`,
  usage: () =>
    'Así cambias tu curso: /curso muestra las semanas; /curso semana N título la renombra (o añade la siguiente); /curso quitar N la deja sin clase (con «renumerar» detrás, la quita y las siguientes bajan un número); /curso fecha N AAAA-MM-DD cambia el día en que empieza. También puedes pegar tu temario entero.',
  badWeek: (raw: string, range: string) => `«${raw}» no es una semana de tu curso: tienes las semanas ${range}.`,
  badNewWeek: (raw: string, max: number) => `«${raw}» no es un número de semana válido: usa uno del 1 al ${max} (una semana nueva va justo después de la última).`,
  badTitle: (max: number) => `El título de una semana debe tener entre 1 y ${max} caracteres.`,
  badDate: (raw: string) => `«${raw}» no es una fecha que entienda: escríbela como AAAA-MM-DD, por ejemplo 2026-02-12.`,
  lastWeek: () => 'Es la única semana de tu curso: un curso necesita al menos una. Si quieres otro curso, pega el temario nuevo.',
  tooManyWeeks: (max: number) => `Tu curso ya tiene ${max} semanas, el máximo.`,
  addWhich: () => 'Dime el título de la semana nueva, por ejemplo «añade una semana sobre el romanticismo».',
  /** A text that looked like a syllabus when the student said it is one, and could not be read. */
  notSyllabus: (problem: string) => `No he podido leerlo como temario: ${problem}`,
  saveFailed: () => 'No he podido guardar el cambio del curso; no se ha perdido nada. Inténtalo de nuevo en un momento.',
  /** Class mode. */
  published: (title: string, copied: number, asked: number) =>
    `Publicado «${title}». ${copied ? `${count(copied, 'alumno lo tiene', 'alumnos lo tienen')} ya. ` : ''}${asked ? `${count(asked, 'alumno decide', 'alumnos deciden')} si lo usa${asked === 1 ? '' : 'n'}, porque ya tenía${asked === 1 ? '' : 'n'} un curso propio.` : ''}${!copied && !asked ? 'Los alumnos que entren a partir de ahora lo recibirán al unirse.' : ''}`.trim(),
  publishTeacherOnly: () => 'Solo quien da la clase puede publicar el curso.',
  publishDemo: () => 'Antes de publicar, pon tu curso: pega el temario aquí y acéptalo.',
  newVersion: (title: string, weeks: readonly CourseLineView[]) =>
    [`📚 Hay una versión nueva del curso de la clase: «${title}», ${count(weeks.length, 'semana', 'semanas')}.`, '', ...weeks.map(weekLine), '', 'Tus cambios no se tocan a menos que elijas usar la nueva.'].join('\n'),
  gotCopy: (title: string, weeks: number) => `📚 Tu curso es «${title}», con ${count(weeks, 'semana', 'semanas')}: es una copia tuya del de la clase. Escribe /curso para verlo.`,
  keptMine: () => 'Sigues con tu curso, tal como lo tenías.',
});
