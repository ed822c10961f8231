/** An import record → what its proposal shows (pure); the words are strings/material.ts's. */
import { findWeek, type Course } from '../course/course.js';
import { MATERIAL, type ProposalView } from '../../strings/material.js';
import type { ImportRecord } from './imports.js';

/** A week's name for the proposal: its title in the owner's course. */
export type WeekName = (week: number) => string | undefined;

export function weekNameOf(course: Course): WeekName {
  return (w) => findWeek(course, w)?.titulo;
}

export function proposalView(r: ImportRecord, weekName: WeekName): ProposalView {
  const counts = new Map<number, number>();
  let none = 0;
  for (const n of r.propuesta) {
    if (n.semana === null) none++;
    else counts.set(n.semana, (counts.get(n.semana) ?? 0) + 1);
  }
  const semanas = [...counts.entries()].sort(([a], [b]) => a - b).map(([semana, notas]) => {
    const titulo = weekName(semana);
    return { semana, notas, ...(titulo ? { titulo } : {}) };
  });
  return {
    nombre: r.nombre,
    ...(r.pegado ? { pegado: true as const } : {}),
    tipo: r.tipo,
    paginas: r.paginas,
    semanas,
    sinSemana: none,
    primeras: r.propuesta.map((n) => n.texto),
    ...(r.ocr?.draft ? { borrador: r.ocr.confidence } : {}),
    ...(r.motivo ? { motivo: r.motivo } : {}),
    ...(r.yaTenias ? { yaTenias: r.yaTenias } : {}),
    ...(r.anterior ? { anterior: { nombre: r.anterior.nombre, notas: r.anterior.notas } } : {}),
    ...(r.ilegibles?.length ? { ilegibles: r.ilegibles.map(({ pagina, zona }) => ({ pagina, zona })) } : {}),
    ...(r.dudosas?.length ? { dudosas: r.dudosas } : {}),
  };
}

/** The proposal as the chat shows it, within a message's limit; the terminal passes `max` Infinity to list every note. */
export function proposalText(r: ImportRecord, weekName: WeekName, max?: number): string {
  return MATERIAL.proposal(proposalView(r, weekName), max);
}
