/**
 * A student's own four-week course (not the demo's) whose notes were imported for week 1 only: the
 * week-2 request that must be answered «no notes yet». Week 1's second note shares week 2's words
 * (ADN, gen, herencia), as real notes do, so a week-2 search finds it.
 */
import type { Course } from '../../src/domain/course/course.js';

export const BIOLOGY: Course = {
  titulo: 'Biología',
  semanas: [
    { numero: 1, titulo: 'La célula', inicio: null, terminos: ['membrana', 'núcleo', 'mitocondria'] },
    { numero: 2, titulo: 'Genética', inicio: null, terminos: ['ADN', 'gen', 'herencia'] },
    { numero: 3, titulo: 'Evolución', inicio: null, terminos: ['selección natural', 'especie'] },
    { numero: 4, titulo: 'Ecología', inicio: null, terminos: ['ecosistema', 'cadena trófica'] },
  ],
};

/** «Semana 2 · Genética», as the chat names it. */
export const WEEK_2_TITLE = 'Semana 2 · Genética';

export const WEEK_1_NOTES = [
  { id: 1, tema: 'célula', texto: 'La membrana plasmática separa la célula de su entorno y regula lo que entra y sale por transporte activo y pasivo.', semana: 1 },
  { id: 2, tema: 'núcleo', texto: 'El núcleo guarda el ADN de la célula; cada gen del ADN lleva la herencia que pasa a las células hijas.', semana: 1 },
] as const;
