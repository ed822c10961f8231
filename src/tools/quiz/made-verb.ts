/** The verb a work's author is asked with, read from where the work is named (pure). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

/** The verb a work's author is asked with, read from its sentence: painted, wrote, composed, else made. */
export function madeVerb(sentence: string): string {
  const f = fold(sentence);
  if (/pint|cuadro|lienzo|retrato|pincel/u.test(f)) return 'pintó';
  if (/escrib|escrit|novela|poema|poesia|libro|verso|drama|comedia|relato/u.test(f)) return 'escribió';
  if (/compu|sinfon|opera|cancion|musica/u.test(f)) return 'compuso';
  if (/escult|estatua/u.test(f)) return 'esculpió';
  return 'hizo';
}

