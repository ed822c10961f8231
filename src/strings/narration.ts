/**
 * What the student HEARS in the week's episode besides their own notes: its opening, the lead-ins
 * between ideas, a formula said in words, and its close. Tú, like every word the product says
 * (docs/design.md §36); the AI disclosure that opens it is model.MEDIA.disclosure.
 */
import { ended } from './list.js';

const ALSO = 'También';

export const NARRATION = Object.freeze({
  /** After the disclosure: which week, and its title as a sentence reads it. */
  intro: (disclosure: string, week: number, topic: string) => `${disclosure} Este es el resumen de la semana ${week}: ${ended(topic)}`,
  closing: 'Repasa estas ideas con tus tarjetas y vuelve a escucharlo antes del examen.',
  padding: 'Tómate un momento para explicarlas con tus propias palabras: es la mejor forma de fijarlas.',
  /** The lead-ins a line may start with, one line in four. */
  leads: Object.freeze(['Empecemos.', 'Sigamos.', 'Además,', 'Por otra parte,', ALSO, 'Después,']),
  /** The lead-in that takes no comma and goes on with the sentence lower-cased. */
  also: ALSO,
  /** The last idea's lead-in, when there are more than two. */
  last: 'Por último,',
  /**
   * A section's heading said before a line that opens with its verb, as Spanish says it (`what`: the
   * heading with its article): «En cuanto a la bóveda de arista, nace del cruce…», never
   * «Bóveda de arista: nace…» read as a label.
   */
  regarding: (what: string) => (/^el /u.test(what) ? `En cuanto al ${what.slice(3)},` : `En cuanto a ${what},`),
  /** A sentence that ends in «:» goes on with its formula in words. */
  formulaAfterColon: (said: string, formula: string) => `${said}; en fórmula, ${formula}.`,
  formula: (formula: string) => `En fórmula: ${formula}.`,
});
