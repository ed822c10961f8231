/**
 * The GPU lane's fairness rule, once, for both places that hand out GPU slots (docs/design.md §5):
 * the bot's own lane without Redis (fair-lane.ts) and the shared queue's workers (src/lanes/fair.ts,
 * where it becomes a BullMQ priority). Pure.
 *
 * The rule: no student's k-th GPU job starts while another student with fewer started GPU jobs has
 * one waiting — so a student's jobs never wait behind another student's second job. Among students
 * with as many started, the one whose previous GPU job waited longest goes first, so the waits even
 * out instead of repeating the arrival order every round; then arrival order.
 *
 * Which of a student's own waiting jobs is their next: the longest (its estimate), whatever came
 * first (`ownOrder`). With a class whose weeks each ask for a short cover and a long narration,
 * every student's first round is their narration and the covers fill the end: the students' total
 * waits even out and their weeks end together (the longest-job-first of makespan scheduling),
 * instead of a round of covers and then a round of narrations that spreads the ends over the whole
 * second round (issue 41: Jain's index of the waits 0.90 → ~0.99, p95/p50 of the ends 1.47 → ~1.2).
 * The queue gives each job its ordinal when it is added, so a longer job added while a shorter one
 * of the same student waits takes the shorter one's place (src/lanes/fair.ts orderOwnJobs).
 *
 * As a number: a student's next job has the rank `fairPriority(started + 1, lastWaitMs)`; lower
 * starts first, ties by arrival — when the job took its present rank (BullMQ's own order within one
 * priority: a job whose priority changes goes behind those already there). The in-process lane
 * computes it for each student's next job when a slot frees; the queue stores it on each job when it
 * is added (its ordinal reserved in Redis) and re-places a student's waiting jobs when their previous
 * one starts — the same number, the same order.
 */

/** BullMQ's highest priority value (2^21 - 1): every rank fits in it. */
export const MAX_PRIORITY = 2_097_151;

/**
 * Ranks per ordinal: a job's rank is its ordinal's band, then a place in the band by how long the
 * student's previous GPU job waited (longer first).
 */
export const ORDINAL_BAND = 1024;
/** One place in a band per this many ms of the previous job's wait (up to a band: ~4 minutes). */
export const WAIT_STEP_MS = 250;
/** Ordinals beyond this share the last band (arrival order among them). */
export const MAX_ORDINAL = Math.floor(MAX_PRIORITY / ORDINAL_BAND);

/** The rank (a BullMQ priority: lower first) of a student's `ordinal`-th GPU job when their previous one waited `lastWaitMs`. */
export function fairPriority(ordinal: number, lastWaitMs: number): number {
  const place = Math.min(ORDINAL_BAND - 1, Math.max(0, Math.floor(lastWaitMs / WAIT_STEP_MS)));
  return (Math.min(ordinal, MAX_ORDINAL) - 1) * ORDINAL_BAND + (ORDINAL_BAND - place);
}

/** The ordinal a fair rank belongs to. */
export function ordinalOf(priority: number): number {
  return Math.floor((priority - 1) / ORDINAL_BAND) + 1;
}

/** What the rule knows of one student with a job waiting. */
export interface FairCandidate {
  student: string;
  /** Their GPU jobs started so far. */
  started: number;
  /** How long their previous GPU job waited, ms (0 before their first). */
  lastWaitMs: number;
  /** When their earliest waiting job arrived or last took a new rank (any increasing number: a sequence, a time). */
  arrival: number;
}

/** The student whose job takes the next free slot: lowest rank, then earliest arrival. */
export function nextFair<T extends FairCandidate>(candidates: Iterable<T>): T | undefined {
  let best: { c: T; rank: number } | undefined;
  for (const c of candidates) {
    const rank = fairPriority(c.started + 1, c.lastWaitMs);
    if (!best || rank < best.rank || (rank === best.rank && c.arrival < best.c.arrival)) best = { c, rank };
  }
  return best?.c;
}

/** What the rule knows of one of a student's own waiting jobs. */
export interface OwnJob {
  /** How long the job is expected to take, ms (unknown: 0). */
  estimateMs?: number;
  /** The run's own order among its ready jobs (critical path: higher first), where known. */
  priority?: number;
  /** When it arrived or took its place (any increasing number). */
  seq: number;
}

/**
 * The order of one student's own waiting jobs (a comparator: negative when `a` goes first): the
 * longest first, then the run's own priority, then arrival. Which student goes next is `nextFair`;
 * this is only which of their jobs.
 */
export function ownOrder(a: OwnJob, b: OwnJob): number {
  return (b.estimateMs ?? 0) - (a.estimateMs ?? 0) || (b.priority ?? 0) - (a.priority ?? 0) || a.seq - b.seq;
}
