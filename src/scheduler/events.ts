/**
 * Typed progress events of the executor (issue 4). The bot draws them (status message, Gantt);
 * the CLI prints them. Times are milliseconds since the run's start (`t`) — a recorded run is a
 * list of these events, from which a Gantt chart is rendered.
 *
 * `attempt` counts from 1. `retried` is emitted when attempt `attempt` failed with a retryable
 * `code` and the next one starts after `waitMs`. `cancelled` carries why, when known: the run was
 * aborted, or a dependency failed so the task can never run.
 */
import type { Lane } from '../tools/contract.js';

export type TaskEvent =
  | { type: 'queued'; t: number; taskId: string; label: string; lane: Lane }
  | { type: 'started'; t: number; taskId: string; label: string; lane: Lane; attempt: number }
  | { type: 'retried'; t: number; taskId: string; label: string; lane: Lane; attempt: number; waitMs: number; code: string }
  | { type: 'finished'; t: number; taskId: string; label: string; lane: Lane }
  | { type: 'failed'; t: number; taskId: string; label: string; lane: Lane; code: string; message: string }
  | { type: 'cancelled'; t: number; taskId: string; label: string; lane: Lane; reason?: 'abort' | 'dependency' };

export type TaskEventListener = (event: TaskEvent) => void;
