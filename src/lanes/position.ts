/**
 * The ETA of a queued GPU job, for `/estado` ("posición 4 · ~2 min"): a pure list schedule of the
 * jobs ahead on the connected workers — each job goes to the worker that frees first — then the
 * job itself. Milliseconds in, milliseconds out.
 */
export interface EtaInput {
  /** Connected worker slots (at least 1). */
  workers: number;
  /** Time left of each job running now, ms. */
  activeRemainingMs: readonly number[];
  /** Estimates of the waiting jobs ahead, in queue order, ms. */
  aheadMs: readonly number[];
  /** This job's estimate, ms. */
  ownMs: number;
}

/** Milliseconds from now until the job is done, if every estimate holds. */
export function etaMs(input: EtaInput): number {
  const slots = Math.max(1, Math.floor(input.workers));
  const free = Array.from({ length: slots }, () => 0);
  // Running jobs occupy slots first (more running jobs than slots: they queue on the earliest).
  for (const ms of [...input.activeRemainingMs, ...input.aheadMs]) {
    let i = 0;
    for (let j = 1; j < slots; j++) if (free[j]! < free[i]!) i = j;
    free[i]! += Math.max(0, ms);
  }
  return Math.min(...free) + Math.max(0, input.ownMs);
}
