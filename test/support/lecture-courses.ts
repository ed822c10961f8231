/**
 * Courses for the lecture measurement (issue 43): one per subject, its weeks titled as a syllabus
 * titles them («Tema N. …»), dated Mondays from 8 February 2027 (the lectures' own «semana N» dates). `shift` moves every «Tema N» two
 * weeks later (a course that begins with two weeks of presentation), so «Tema 5» is week 7.
 */
import type { Course } from '../../src/domain/course/course.js';

const TOPICS: Readonly<Record<string, readonly string[]>> = {
  termodinamica: ['Temperatura y equilibrio térmico', 'Calor y trabajo', 'Primer principio de la termodinámica', 'Gases ideales y procesos', 'Segundo principio de la termodinámica', 'Entropía', 'Potenciales termodinámicos', 'Cambios de fase'],
  arte: ['El neoclasicismo', 'El romanticismo', 'El impresionismo', 'El postimpresionismo', 'El modernismo', 'Las primeras vanguardias', 'El surrealismo', 'Arte después de 1945'],
  economia: ['Oferta y demanda', 'La elasticidad de la demanda y de la oferta', 'La intervención del Estado en los mercados', 'Consumidores y productores', 'Los costes de producción', 'La competencia perfecta', 'El monopolio', 'Los fallos de mercado'],
};

const monday = (week: number) => new Date(Date.UTC(2027, 1, 8 + 7 * (week - 1))).toISOString().slice(0, 10);

export function lectureCourse(subject: keyof typeof TOPICS | string, opts: { shift?: number } = {}): Course {
  const key = Object.keys(TOPICS).find((k) => subject.startsWith(k)) ?? 'termodinamica';
  const shift = opts.shift ?? 0;
  const semanas: Course['semanas'] = [];
  for (let i = 0; i < shift; i++) semanas.push({ numero: i + 1, titulo: i === 0 ? 'Presentación de la asignatura' : 'Repaso de matemáticas', inicio: shift ? null : monday(i + 1), terminos: [] });
  TOPICS[key]!.forEach((t, i) => semanas.push({ numero: shift + i + 1, titulo: `Tema ${i + 1}. ${t}`, inicio: shift ? null : monday(i + 1), terminos: [] }));
  return { titulo: key, semanas };
}
