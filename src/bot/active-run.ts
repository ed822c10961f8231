/**
 * One run as the chat holds it in memory (bot/runs.ts): its record in the bot state, the stage
 * events and task lines of its progress, its status message and chat-action pulse, and the delivery
 * facts its own file holds (agent/delivery-facts.ts) — what the owner was shown, across restarts.
 */
import type { RunDelivery } from '../agent/delivery-facts.js';
import type { TaskEvent } from '../scheduler/events.js';
import type { OwnerWait } from './delivery.js';
import type { TaskView } from './format.js';
import type { ChatActionPulse, StatusMessage } from './progress.js';
import type { RunRecord } from './state.js';

export interface ActiveRun {
  record: RunRecord;
  tasks: TaskView[];
  lastNotice?: string;
  status?: StatusMessage;
  pulse: ChatActionPulse;
  /**
   * The stage events of every pass of this run in this process, timed from the run's start: a run
   * that paused for the owner is several passes, and its chart and report cover all of them.
   */
  events: TaskEvent[];
  /** Passes started (each service.run call); tags task ids so two passes' stages never merge. */
  passes: number;
  /** The run's delivery facts as its file holds them after the last one this process wrote or read. */
  facts: RunDelivery;
  /** Files sent (or on their way) the moment their call finished (paths), so the end of the run does not resend them. */
  delivered: Set<string>;
  /** Those sends, in order: the run's last messages wait for them. */
  sending: Promise<unknown>;
  /** Taken in after a restart with its outcome already decided: only what the chat lacks is sent. */
  ended: boolean;
  /**
   * The tools the request will run, as read when it started (in this process only): until each
   * shows its stages, the time left counts them too, so the first estimate is not the search's alone.
   */
  planned?: readonly string[];
}

/** The run's spans of waiting for the owner so far (kept in its file, across restarts). */
export function waitsOf(run: ActiveRun): readonly OwnerWait[] {
  return run.facts.waits;
}

/** Ms the run has been at work at `now`: since it started, less every span it waited for the owner. */
export function workMs(run: ActiveRun, now: number): number {
  const { waitingSince } = run.facts;
  const elapsed = now - run.record.startedAt;
  const waited = waitsOf(run).reduce((sum, w) => sum + (w.to - w.from), 0) + (waitingSince !== undefined ? elapsed - waitingSince : 0);
  return Math.max(0, elapsed - waited);
}
