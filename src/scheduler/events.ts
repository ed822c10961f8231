/**
 * Typed progress events of the executor (issue 4). The bot draws them (status message, Gantt);
 * the CLI prints them. Times are milliseconds since the run's start (`t`) — a recorded run is a
 * list of these events, from which a Gantt chart is rendered.
 */
import type { Lane } from '../tools/contract.js';

export type TaskEvent =
  | { type: 'queued'; t: number; taskId: string; label: string; lane: Lane }
  | { type: 'started'; t: number; taskId: string; label: string; lane: Lane; attempt: number }
  | { type: 'retried'; t: number; taskId: string; label: string; lane: Lane; attempt: number; waitMs: number; code: string }
  | { type: 'finished'; t: number; taskId: string; label: string; lane: Lane }
  | { type: 'failed'; t: number; taskId: string; label: string; lane: Lane; code: string; message: string }
  | { type: 'cancelled'; t: number; taskId: string; label: string; lane: Lane };

export type TaskEventListener = (event: TaskEvent) => void;
