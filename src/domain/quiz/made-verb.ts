/** The verb a work's author is asked with, read from where the work is named (pure). */
import { fold } from '../../lib/fold.js';
import { QUIZ_STEMS } from '../../strings/study.js';

/** The verb a work's author is asked with, read from its sentence: painted, wrote, composed, sculpted; undefined when it does not say. */
export function madeVerb(sentence: string): string | undefined {
  const f = fold(sentence);
  if (/pint|cuadro|lienzo|retrato|pincel/u.test(f)) return 'pintó';
  if (/escrib|escrit|novela|poema|poesia|libro|verso|drama|comedia|relato/u.test(f)) return 'escribió';
  if (/compu|sinfon|opera|cancion|music/u.test(f)) return 'compuso';
  if (/escult|estatua/u.test(f)) return 'esculpió';
  return undefined;
}

/**
 * The questions about a work: who made it and in which year, with the verb when the lecture says
 * how it was made («¿Quién pintó «La cuna»?»), else asked of the work itself («¿De quién es…?»).
 */
export function workQuestions(title: string, author: string, verb: string | undefined): { who: string; when: string } {
  return verb
    ? { who: `${verb} «${title}»`, when: `${verb} ${author} «${title}»` }
    : { who: QUIZ_STEMS.workWho(title), when: QUIZ_STEMS.workWhen(title, author) };
}

