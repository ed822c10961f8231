/** SPEC §6 idempotency keys of the week's side effects (the cover, the narration). */
import { CuadernoError } from '../errors.js';

/**
 * The SPEC §6 key `{task}-{year}-S{week}`, plus `-v{n}` for a deliberate redo (n ≥ 2; 1 or
 * undefined means the original). `task` carries every argument that changes the output — the
 * engine and the voice: `portada-maqueta`, `narracion-xtts-ana` — so one engine's result never
 * answers for another's. Too wide (no year) would return last year's cover; too narrow (with the
 * time) would kill idempotency — hence exactly these parts.
 */
export function idempotencyKey(task: string, year: number, week: number, version?: number): string {
  if (!/^[a-z0-9_]+(-[a-z0-9_]+)*$/i.test(task)) throw new CuadernoError('VALIDATION', `Nombre de tarea no válido para la clave: "${task}"`, { field: 'task' });
  if (!Number.isInteger(year) || !Number.isInteger(week) || week < 1 || week > 53) {
    throw new CuadernoError('VALIDATION', `Año o semana no válidos para la clave: ${year}, ${week}`, { field: 'week' });
  }
  const base = `${task}-${year}-S${week}`;
  if (version === undefined || version === 1) return base;
  if (!Number.isInteger(version) || version < 1) throw new CuadernoError('VALIDATION', `Versión no válida: ${version}`, { field: 'version' });
  return `${base}-v${version}`;
}

/** A name (a voice from the consent file) made safe as one key part: lower case, [a-z0-9_]. */
export function keyPart(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'sin_nombre';
}
