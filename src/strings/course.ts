/**
 * What the bot says about the student's course (tú, plain text): why a pasted syllabus could not be
 * read. Each problem is one sentence that says what to fix; nothing is saved when one is shown.
 * The limits they quote are the parser's (domain/course/syllabus.ts), passed in, never repeated here.
 */

/** A syllabus quote is cut to this many characters so one long line does not flood the message. */
const QUOTE_MAX = 60;
const quote = (line: string) => (line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line);

export const SYLLABUS = Object.freeze({
  /** The course's title when the pasted text has no heading that looks like one. */
  untitled: 'Mi curso',
  noWeek: () =>
    'No he encontrado ninguna semana en el texto: pon una por línea, por ejemplo «Semana 1: Introducción» o «1. Introducción».',
  // No count: past the limit the reading stops counting (week numbers beyond three digits are not
  // read as weeks), and a wrong number («999 semanas» for 10,000) says less than none.
  tooManyWeeks: (max: number) =>
    `He encontrado más de ${max} semanas y un curso puede tener como mucho ${max}: revisa si has pegado otro texto junto al programa.`,
  titleTooLong: (week: number, length: number, max: number) =>
    `El título de la semana ${week} tiene ${length} caracteres y el máximo es ${max}: acórtalo y vuelve a enviarlo.`,
  emptyTitle: (week: number, line: number) =>
    `La semana ${week} (línea ${line}) no tiene título: escribe de qué trata después del número.`,
  badDate: (line: number, text: string) =>
    `No entiendo la fecha de la línea ${line} («${quote(text)}»): escríbela como 12/2/2026, 2026-02-12 o «12 de febrero».`,
  /** The title of a week whose line had none (the proposal asks for one). */
  untitledWeek: (week: number) => `Semana ${week}`,
  /** The questions a proposal asks about the lines it was unsure of (issue 42). */
  titleCut: (week: number, length: number, max: number) =>
    `El título de la semana ${week} tenía ${length} caracteres y lo he cortado a ${max}: ¿lo dejo así o me escribes uno más corto?`,
  unsureDate: (week: number, text: string) =>
    `No entiendo la fecha de la semana ${week} («${quote(text)}»): ¿qué día empieza?`,
  /** A week number written twice: the second line taken as the week missing there, or left out. */
  repeatedWeekMoved: (week: number, firstLine: number, secondLine: number, moved: number, title: string) =>
    `La semana ${week} aparece dos veces (líneas ${firstLine} y ${secondLine}); como falta la ${moved}, he puesto «${quote(title)}» como semana ${moved}: ¿está bien?`,
  repeatedWeekLeft: (week: number, firstLine: number, secondLine: number, title: string) =>
    `La semana ${week} aparece dos veces (líneas ${firstLine} y ${secondLine}): he dejado la primera y he quitado «${quote(title)}». Si era esa, respóndeme «${week}: ${quote(title)}».`,
  unsureTitle: (week: number) => `No he encontrado de qué trata la semana ${week}: ¿qué título le pongo?`,
  missingWeek: (week: number, last: number) =>
    `Falta la semana ${week}: las semanas van de la 1 a la ${last} sin huecos, así que añádela o renumera las demás.`,
});
