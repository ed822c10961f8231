/**
 * The demo course (docs/design.md §2): the four weeks a fresh clone or an existing install without `curso.json`
 * studies — week N studies topic N, in this order (week 3 = historia del arte). This file is the only
 * place in src/ that may name the demo's topics or its week range (test/course/guard.test.ts).
 */
import type { Course } from './course.js';

export const DEMO_COURSE: Course = deepFreeze({
  titulo: 'Cuaderno Vivo',
  semanas: [
    { numero: 1, titulo: 'Estadística', inicio: null, terminos: ['media', 'desviación', 'intervalo de confianza', 'muestra'] },
    { numero: 2, titulo: 'Python', inicio: null, terminos: ['lista', 'pandas', 'función', 'datos'] },
    { numero: 3, titulo: 'Historia del arte', inicio: null, terminos: ['renacimiento', 'impresionismo', 'cubismo', 'pintura'] },
    { numero: 4, titulo: 'Música', inicio: null, terminos: ['escala', 'acorde', 'guitarra', 'ritmo'] },
  ],
});

/**
 * The motif the procedural cover drew for each demo week before covers were chosen from the title:
 * kept so the demo's covers look as they always did (maqueta.ts, cover-prompt.ts).
 */
export const DEMO_MOTIFS: Readonly<Record<string, number>> = Object.freeze({ Estadística: 0, Python: 1, 'Historia del arte': 2, Música: 3 });

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}
