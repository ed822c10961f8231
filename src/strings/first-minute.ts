/**
 * The first minute with the bot: /start's short greeting and its three buttons, the one-line answer
 * to «hola», and what each button answers. The full list of commands stays in /ayuda.
 */
import type { Audience } from './chat.js';

export const FIRST_MINUTE_BUTTONS = Object.freeze({
  course: '📚 Poner mi curso',
  /** The same button once the student's own course is in: it shows that course. */
  ownCourse: '📚 Mi curso',
  material: '📎 Mandar apuntes',
  prepare: '🗓 Preparar una semana',
  /** The week of today's date, by its own name (`title`: «Semana 3 · La Revolución industrial»). */
  prepareWeek: (title: string) => `🗓 ${title}`,
});

/** A button label Telegram shows whole on a phone (a long week title is cut with «…»). */
export const START_LABEL_MAX = 40;

export const FIRST_MINUTE = Object.freeze({
  /**
   * /start: at most six lines — who the bot is, what to tap, where everything else is. `onExample`:
   * the notebook still has the example course, so the first button is the way to bring one's own.
   */
  start: (name: string, audience: Audience, onExample: boolean) =>
    [
      `Hola${name ? `, ${name}` : ''}. ${audience === 'profesor'
        ? 'Das esta clase en Cuaderno Vivo: invita a tus alumnos con /invitar y míralos con /alumnos.'
        : 'Soy tu Cuaderno Vivo: preparo tu semana de estudio con tarjetas, portada y un pódcast narrado.'}`,
      onExample ? 'Ahora tienes un curso de ejemplo; pon el tuyo cuando quieras.' : 'Pídemelo en una frase o toca un botón.',
      'Todo lo que sé hacer está en el menú y en /ayuda.',
    ].join('\n'),
  /** `/start <code>` that let a student into the class: as short as /start, with the same buttons. */
  joined: (name: string, onExample: boolean) =>
    [
      `¡Hola${name ? `, ${name}` : ''}! Ya estás en la clase. Tienes tu propio cuaderno: nadie más ve tus notas, tus tarjetas ni tus trabajos.`,
      ...(onExample ? ['Ahora tienes un curso de ejemplo; pon el tuyo cuando quieras.'] : []),
      'Todo lo que sé hacer está en el menú y en /ayuda.',
    ].join('\n'),
  /** «hola», «buenas tardes»: one line. */
  greeting: (name: string, example: string, onExample = false) =>
    `¡Hola${name ? `, ${name}` : ''}! Dime qué quieres, por ejemplo «${example}»${onExample ? ', o escribe /start para poner tu propio curso' : ''}.`,
  /** The greeting's example while no week has notes to prepare. */
  thisWeekExample: 'prepara lo de esta semana',
  /** «hola» while no week of the course has notes yet: what to do first is to send them. */
  greetingNoNotes: (name: string) => `¡Hola${name ? `, ${name}` : ''}! Para empezar, mándame tus apuntes: un PDF, una foto de una página o un texto pegado.`,
  /** Under [📎 Mandar apuntes]. */
  material: () =>
    'Mándame tus apuntes aquí mismo: en PDF, Word o texto, como foto de una página o en una nota de voz. Antes de guardarlos como notas de tu cuaderno te enseño lo que he leído.',
  /** Under [🗓 Preparar una semana] when no week is today's. */
  whichWeek: () => '¿Qué semana preparo?',
});
