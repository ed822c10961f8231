/**
 * What the bot says about quizzes (tú, plain text): the quiz's opening line, the score, the class
 * quiz and its results — counts only, never who answered what.
 */
import { count } from './count.js';
import { listed } from './list.js';

/** Which notes a quiz was asked of, before a space: «sobre «la bóveda de arista» », «de la semana 3 », or none. */
const whereOf = (week?: number, topic?: string) => (topic ? `sobre «${topic}» ` : week !== undefined ? `de la semana ${week} ` : '');

export const QUIZ = Object.freeze({
  /** The title of the note a class quiz leaves in a student's notebook. */
  classNoteTitle: (week?: number) => `Test de la clase${week !== undefined ? ` · semana ${week}` : ''}`,
  intro: (n: number, week?: number, topic?: string) =>
    `Test ${week !== undefined ? `de la semana ${week}` : topic ? `sobre «${topic}»` : 'de tus notas'}: ${count(n, 'pregunta', 'preguntas')}. ${n === 1 ? 'Toca una opción; si fallas, vuelve pronto a tu repaso.' : 'Toca una opción en cada una; lo que falles vuelve pronto a tu repaso.'}`,
  /** A topic's quiz completed with what its notes say around it: `own` questions on the topic, `others` from its notes (`notas`) or its week (`semana`). */
  around: (own: number, others: number, from: 'notas' | 'semana') =>
    `Sobre ese tema tus notas dan para ${count(own, 'pregunta', 'preguntas')}; ${others === 1 ? 'la otra es' : `las otras ${others} son`} de lo que ${from === 'notas' ? 'dicen esas mismas notas' : 'estudias esa misma semana'}.`,
  /** Fewer questions than a quiz is sent with (MIN_QUESTIONS): what there is, and what to do. */
  tooFew: (n: number, week?: number, topic?: string) => {
    const where = whereOf(week, topic);
    return `En tus notas ${where}solo hay ideas para ${count(n, 'pregunta', 'preguntas')}, y un test tan corto no te dice mucho: con más apuntes te hago uno de verdad. Mientras, repasa tus tarjetas con /repasar.`;
  },
  fewer: (n: number, asked: number) => `Solo he encontrado ideas para ${count(n, 'pregunta', 'preguntas')} de las ${asked} que pedías.`,
  noNotes: (week?: number) => (week !== undefined ? `La semana ${week} no tiene notas todavía: añade tus apuntes y te hago el test.` : 'Todavía no tienes notas: añade tus apuntes y te hago un test.'),
  /** `ideas`: the ideas the notes gave that found no three wrong options of their kind (0: the notes gave none). */
  noIdeas: (week?: number, topic?: string, ideas = 0) => {
    const where = whereOf(week, topic);
    return ideas > 0
      ? `En tus notas ${where}hay ${ideas === 1 ? 'una idea que preguntar' : `${ideas} ideas que preguntar`}, pero aún no bastantes del mismo tipo para inventar respuestas falsas creíbles: con más apuntes del curso te hago el test. Mientras, repasa tus tarjetas con /repasar.`
      : `No encuentro en tus notas ${where}definiciones, enunciados ni fórmulas con los que preguntarte. Prueba con otra semana o con /repasar.`;
  },
  noWeek: (week: number) => `Tu curso no tiene semana ${week}.`,
  usage: () => 'Escribe /quiz para un test de tus notas, o /quiz N para el de la semana N.',
  /** «el enunciado de Clausius», «la ley de Ohm», «la fórmula η = 1 − Tc/Th», «entropía». */
  missedLabel: (term: string, kind: string) => {
    if (kind === 'formula') return `la fórmula ${term}`;
    const lower = term.charAt(0).toLocaleLowerCase('es') + term.slice(1);
    if (kind === 'enunciado') return `${/^(ley|regla)\b/i.test(term) ? 'la' : 'el'} ${lower}`;
    return kind === 'fecha' ? term : lower;
  },
  /** A missed year named by its event, cut at a word: «1808 (las tropas de Napoleón ocuparon…)». */
  missedDate: (year: string, event: string) => {
    const words = event.replace(/[¿?.:;]+/gu, '').trim().split(/\s+/u);
    // Never ending on a little word or a comma («…en la isla de…»).
    const cut = words.length > 8 ? words.slice(0, 8).join(' ').replace(/(?:,|\s+(?:de|del|la|el|los|las|en|y|e|o|a|al|que|por|con|su|sus|un|una))+$/u, '') : words.join(' ');
    return `${year} (${cut}${words.length > 8 ? '…' : ''})`;
  },
  score: (right: number, total: number, missed: string[]) =>
    `${right} de ${total}${missed.length === 0 ? '. ¡Todo bien!' : `; repasa ${listed(missed)}.`}`,
  reviewMissed: () => 'Repasar las falladas',
  failed: () => 'No he podido preparar el test. Vuelve a intentarlo en un momento.',
  classOnly: () => 'Mandar un test a la clase solo se puede en una clase.',
  classUsage: () => 'Escribe /quiz clase N para mandar a cada alumno el test de la semana N, hecho con tus notas.',
  classSent: (week: number, n: number, students: number) =>
    `Test de la semana ${week} (${count(n, 'pregunta', 'preguntas')}) enviado a ${count(students, 'alumno', 'alumnos')}. Mira cómo va con /resultados.`,
  classNoStudents: () => 'Aún no tienes alumnos: invítalos con /invitar.',
  classIntro: (week: number) => `Tu profesor te manda un test de la semana ${week}.`,
  resultsNone: () => 'Aún no has mandado ningún test a la clase. Escribe /quiz clase N.',
  resultsHeader: (week: number, answered: number, students: number) => `Test de la semana ${week}: han respondido ${answered} de ${count(students, 'alumno', 'alumnos')}.`,
  resultsLine: (i: number, answered: number, rightPct: number | undefined, min: number) =>
    `${i}. ${count(answered, 'respuesta', 'respuestas')}${rightPct === undefined ? ` (el acierto se muestra con ${min} o más)` : `, ${rightPct} % de acierto`}`,
});
