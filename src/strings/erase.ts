/**
 * «Borra mis datos» in the chat: the question, its two buttons, and what was removed, in counts.
 * Single owner and class student alike (bot/erase.ts); the buttons are chat.ts's BUTTONS.
 */
import type { ErasedCounts } from '../store/erase.js';
import { count } from './count.js';

/** The parts of a deletion that held something, in words, each with its count. */
function removedParts(c: ErasedCounts): string[] {
  const parts: string[] = [];
  if (c.notas > 0) parts.push(count(c.notas, 'nota', 'notas'));
  if (c.tarjetas > 0) parts.push(count(c.tarjetas, 'tarjeta', 'tarjetas'));
  if (c.repasos > 0) parts.push(count(c.repasos, 'respuesta de repaso', 'respuestas de repaso'));
  if (c.semanas > 0) parts.push(`tu curso (${count(c.semanas, 'semana', 'semanas')})`);
  if (c.archivos > 0) parts.push(count(c.archivos, 'archivo (portadas, audios o material)', 'archivos (portadas, audios y material)'));
  if (c.trabajos > 0) parts.push(count(c.trabajos, 'trabajo', 'trabajos'));
  if (c.usos > 0) parts.push(count(c.usos, 'apunte de gasto', 'apuntes de gasto'));
  if (c.auditoria > 0) parts.push(count(c.auditoria, 'línea del registro de actividad', 'líneas del registro de actividad'));
  return parts;
}

const inWords = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : parts[0] ?? '');

export const ERASE = Object.freeze({
  ask: () =>
    '¿Borrar todos tus datos? Se borrarán tus notas, tus tarjetas y lo que has repasado, tu curso, tus portadas y audios, tus trabajos, tu gasto y tu registro de actividad. No se puede deshacer.\n' +
    '(Si solo querías borrar una tarjeta, escribe /borrar seguido del número de la tarjeta.)',
  done: (c: ErasedCounts) => {
    const parts = removedParts(c);
    return parts.length === 0
      ? 'Hecho: no había nada tuyo guardado, así que tu cuaderno ya está vacío.'
      : `Hecho: he borrado ${inWords(parts)}. Tu cuaderno está vacío; si vuelves a escribirme, empiezas de cero.`;
  },
  failed: () => 'No pude terminar de borrar tus datos por un error interno. Inténtalo de nuevo en un momento: lo que quedó a medias se termina entonces, nada se queda a medio borrar.',
});
