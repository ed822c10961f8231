/**
 * The one answer to a tap that cannot decide anything (store/decision.ts `Refusal`): the same
 * sentence for a run's approval, a file's notes, a model's cards and a change of the course.
 */
import type { Refusal } from '../store/decision.js';

export const DECISION = Object.freeze({
  /** A button whose decision is gone (never was, or was forgotten), or was decided before. */
  refused: (r: Refusal): string => (r === 'ya_decidida'
    ? 'Ya estaba decidido.'
    : 'Este botón ya no sirve: eso ya no está pendiente. Pídemelo otra vez si aún lo necesitas.'),
});
