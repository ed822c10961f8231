/**
 * The words drawn on the run's chart (the photo «Cronograma del trabajo» the owner gets at the end of
 * a week). Plain words: the owner does not need «carril», «CPU/GPU» or «ruta crítica» to read it.
 */
import type { Lane } from '../tools/contract.js';

/** Lane headings on the phone chart; the GPU lane runs one task at a time (docs/design.md §5). */
export const laneTitle: Record<Lane, string> = { cpu: 'En este ordenador', gpu: 'En el servidor de imagen y voz (una tarea a la vez)' };
/** The same lanes, short: the wide chart's headings and both legends. */
export const laneShort: Record<Lane, string> = { cpu: 'este ordenador', gpu: 'servidor de imagen y voz' };
export const critical = 'lo que marcó la duración';
export const retry = 'reintento';
export const failed = 'fallida / cancelada';
/** A bar's state in place of its duration. */
export const barFailed = 'falló';
export const barCancelled = 'cancelada';
export const waiting = 'esperando tu respuesta';
export const waitingTitle = 'Esperando tu respuesta';
export const axisSeconds = 'tiempo (segundos)';
export const axisMinutes = 'tiempo (minutos)';
export const axisShort = 'tiempo (s)';
export const runTitle = 'Semana ejecutada';
export const totalWide = (s: string): string => `duración total ${s} s`;
export const totalPhone = (d: string, tasks: number): string => `Duración total: ${d} · ${tasks} ${tasks === 1 ? 'tarea' : 'tareas'}`;
