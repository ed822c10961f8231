/**
 * The FSRS side of spaced review: ts-fsrs with its default parameters (no fuzz, learning steps
 * 1 min / 10 min, relearning 10 min) and the owner's desired retention, plus the conversions between
 * ts-fsrs's `Card` and the plain JSON snapshot the store keeps. Pure apart from ts-fsrs itself.
 */
import { createEmptyCard, fsrs, generatorParameters } from 'ts-fsrs';
import type { Card as FsrsCard, FSRS, Grade as FsrsGrade } from 'ts-fsrs';
import { GRADES, type FsrsSnapshot, type FsrsStateCode, type Grade } from '../../store/index.js';
import { fold } from '../../lib/fold.js';

export { GRADES };

/** The rating words of the CLI (`calificar 7 bien`), in grade order. */
export const GRADE_WORDS: Readonly<Record<Grade, string>> = Object.freeze({ 1: 'otra', 2: 'dificil', 3: 'bien', 4: 'facil' });

export function gradeFromWord(word: string): Grade | undefined {
  const w = fold(word);
  return GRADES.find((g) => GRADE_WORDS[g] === w);
}

/** Spanish names of the FSRS states, for the CLI's JSON (`estado`). */
export const STATE_NAMES: Readonly<Record<FsrsStateCode, string>> = Object.freeze({ 0: 'nueva', 1: 'aprendiendo', 2: 'repaso', 3: 'reaprendiendo' });

/** One FSRS scheduler with default parameters and `retention` (0 < r < 1). */
export function createScheduler(retention: number): FSRS {
  return fsrs(generatorParameters({ request_retention: retention }));
}

export function toSnapshot(card: FsrsCard): FsrsSnapshot {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number as FsrsStateCode,
    ...(card.last_review ? { last_review: card.last_review.toISOString() } : {}),
  };
}

export function fromSnapshot(s: FsrsSnapshot): FsrsCard {
  return {
    due: new Date(s.due),
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsed_days,
    scheduled_days: s.scheduled_days,
    learning_steps: s.learning_steps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state,
    ...(s.last_review ? { last_review: new Date(s.last_review) } : {}),
  };
}

/** A card never answered: new, due at its creation time. */
export function newSnapshot(created: Date): FsrsSnapshot {
  return toSnapshot(createEmptyCard(created));
}

/** The state after answering `grade` at `now`. */
export function applyGrade(scheduler: FSRS, state: FsrsSnapshot, grade: Grade, now: Date): FsrsSnapshot {
  return toSnapshot(scheduler.next(fromSnapshot(state), now, grade as FsrsGrade).card);
}

/** When each grade would bring the card back (ts-fsrs preview), as due dates. */
export function previewDue(scheduler: FSRS, state: FsrsSnapshot, now: Date): Record<Grade, Date> {
  const p = scheduler.repeat(fromSnapshot(state), now);
  return { 1: p[1].card.due, 2: p[2].card.due, 3: p[3].card.due, 4: p[4].card.due };
}
