/**
 * The student's clock (issue 46, item 6): the time zone the bot shows times in and sends the daily
 * reminder at. In order: the zone the student chose in the chat (kept with the reminder settings),
 * the zone their browser told the local chat page (webchat: `Intl…resolvedOptions().timeZone`), else
 * the configured one (ZONA_HORARIA). Telegram never tells a bot where a person is, so there the
 * first reminder asks (reminder-wish.ts).
 */
import { isTimeZone } from '../config.js';
import type { ReviewService } from '../domain/review/service.js';

export interface StudentClock {
  /** The zone in force now. */
  zone(): Promise<string>;
  /** True when neither the student nor their browser said a zone: the first reminder asks it. */
  unknown(): Promise<boolean>;
  /** The student's choice, kept; false (nothing kept) for a name that is no IANA zone. */
  choose(zone: string): Promise<boolean>;
}

export interface StudentClockDeps {
  review: Pick<ReviewService, 'reminder' | 'setReminder'>;
  /** ZONA_HORARIA (or the machine's). */
  defaultZone: string;
  /** What the local page's browser said, if it did (absent on Telegram). */
  browserZone?: () => string | undefined;
}

export function createStudentClock(deps: StudentClockDeps): StudentClock {
  const chosen = async () => {
    const z = (await deps.review.reminder()).zona;
    return z !== undefined && isTimeZone(z) ? z : undefined;
  };
  const told = () => {
    const z = deps.browserZone?.();
    return z !== undefined && isTimeZone(z) ? z : undefined;
  };
  return {
    zone: async () => (await chosen()) ?? told() ?? deps.defaultZone,
    unknown: async () => (await chosen()) === undefined && told() === undefined,
    async choose(zone) {
      if (!isTimeZone(zone)) return false;
      await deps.review.setReminder({ zona: zone });
      return true;
    },
  };
}
