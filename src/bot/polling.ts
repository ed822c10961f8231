/**
 * Long polling with @grammyjs/runner, wrapped in our own restart loop. The runner treats a 409
 * Conflict (another copy of the bot polling with the same token — on Telegram the *newer* poll
 * wins and the older one gets 409) as fatal whatever its options, and left alone its rejected task
 * ends the process with a raw trace. Here a conflict gets one Spanish log line, a few retries with
 * backoff (the other copy may be a restart that is about to go away), and then a clean end that
 * main.ts turns into that message and an exit.
 */
import { run, type RunnerHandle } from '@grammyjs/runner';
import type { Bot, Context } from 'grammy';
import { S } from '../strings/chat.js';

/** Retries after a conflict, and the first wait (doubled each time): 1 + 2 + 4 s by default. */
export const CONFLICT_RETRIES = 3;
export const CONFLICT_FIRST_WAIT_MS = 1_000;

export interface PollingOptions {
  /** getUpdates long-poll timeout in seconds. */
  timeoutS: number;
  /** Where the one conflict line goes. */
  log: (line: string) => void;
  retries?: number;
  firstWaitMs?: number;
}

/** How polling ended: stopped by us, or given up (conflict that persisted, or a revoked token). */
export type PollingEnd = { kind: 'stopped' } | { kind: 'conflict' | 'unauthorized'; message: string };

export interface Polling {
  stop(): Promise<void>;
  /** Settles once polling has ended for good; never rejects. */
  readonly ended: Promise<PollingEnd>;
}

function errorCode(e: unknown): number | undefined {
  const code = (e as { error_code?: unknown } | null)?.error_code;
  return typeof code === 'number' ? code : undefined;
}

export function startPolling(bot: Bot<Context>, opts: PollingOptions): Polling {
  const retries = opts.retries ?? CONFLICT_RETRIES;
  let handle: RunnerHandle | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;

  const ended = (async (): Promise<PollingEnd> => {
    let conflicts = 0;
    for (;;) {
      handle = run(bot, { runner: { fetch: { timeout: opts.timeoutS }, silent: true } });
      let error: unknown;
      try {
        await handle.task();
      } catch (e) {
        error = e;
      }
      if (stopped || error === undefined) return { kind: 'stopped' };
      const code = errorCode(error);
      if (code === 401) return { kind: 'unauthorized', message: S.tokenRevoked() };
      if (code !== 409) throw error;
      if (conflicts === 0) opts.log(S.conflictLine(retries));
      if (conflicts >= retries) return { kind: 'conflict', message: S.conflictGaveUp() };
      const wait = (opts.firstWaitMs ?? CONFLICT_FIRST_WAIT_MS) * 2 ** conflicts;
      conflicts += 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = undefined;
      if (stopped) return { kind: 'stopped' };
    }
  })().catch((e: unknown): PollingEnd => ({ kind: 'unauthorized', message: S.pollingFailed(e instanceof Error ? e.message : String(e)) }));

  return {
    ended,
    async stop() {
      stopped = true;
      wake?.();
      if (handle?.isRunning()) await handle.stop();
      await ended;
    },
  };
}
