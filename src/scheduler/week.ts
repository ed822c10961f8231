/**
 * SPEC §5's week as seven tasks (toy durations in seconds). The cover (FLUX) and the narration
 * (XTTS) share the single GPU; with the CPU engines (`maqueta`, `juguete`) they run on the CPU and
 * the week returns to its 23 s critical path.
 */
import type { Lane } from '../tools/contract.js';
import type { TaskNode } from './dag.js';

export type ImageEngineName = 'flux' | 'maqueta';
export type SpeechEngineName = 'xtts' | 'juguete';

/** Which lane a task with this engine needs. */
export function engineLane(engine: ImageEngineName | SpeechEngineName): Lane {
  return engine === 'flux' || engine === 'xtts' ? 'gpu' : 'cpu';
}

/**
 * The week graph in declaration order (order matters: Kahn's FIFO order follows it).
 * Defaults are the GPU engines, as in SPEC §5's "33 s with one GPU".
 */
export function weekTasks(engines: { image?: ImageEngineName; speech?: SpeechEngineName } = {}): TaskNode[] {
  const image = engineLane(engines.image ?? 'flux');
  const speech = engineLane(engines.speech ?? 'xtts');
  return [
    { id: 'T1', label: 'Recuperar notas', duration: 1, deps: [], lane: 'cpu' },
    { id: 'T2', label: 'Crear tarjetas', duration: 6, deps: ['T1'], lane: 'cpu' },
    { id: 'T3', label: 'Guion del pódcast', duration: 5, deps: ['T1'], lane: 'cpu' },
    { id: 'T4', label: 'Prompt de portada', duration: 3, deps: ['T1'], lane: 'cpu' },
    { id: 'T5', label: 'Portada', duration: 12, deps: ['T4'], lane: image },
    { id: 'T6', label: 'Narración', duration: 15, deps: ['T3'], lane: speech },
    { id: 'T7', label: 'Informe semanal', duration: 2, deps: ['T2', 'T5', 'T6'], lane: 'cpu' },
  ];
}
