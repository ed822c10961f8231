/**
 * Admission to a run's first pass (issue 41): the runs of a process take their first pass — the
 * planning up to the first approval — in the order they were opened, a bounded number at a time.
 * A class of 300 sending «prepara la semana» together no longer plans 300 weeks at once on the
 * bot's two cores, each a little at a time, the first student's cover reaching the GPU queue only
 * when every student's plan has: the first ones plan, are asked, and reach the queue first, and a
 * student's GPU jobs are never behind another's second job for want of being asked.
 * A run leaves when its approvals are on screen (the rest of its pass — cards, the script — is
 * work on the lanes, shared as always) or when its first pass ends, whichever comes first.
 * A p-queue of `concurrency` slots, FIFO (one priority), holds the places.
 */
import PQueue from 'p-queue';

/** A place taken in the order asked: `admitted` settles when the run may plan; `leave` frees the slot (idempotent). */
export interface AdmissionTicket {
  readonly admitted: Promise<void>;
  leave(): void;
}

export interface Admission {
  /**
   * Takes a place now (the order is the order of these calls). A run cancelled while waiting
   * (`signal`) is admitted at once — it only closes — and its place passes without holding a slot.
   */
  enter(signal?: AbortSignal): AdmissionTicket;
}

/**
 * Runs planning at once in a process. A plan is mostly waits — a dozen durable writes, the chat's
 * answers, the queue's — so a few at a time leave the cores idle between them (at four, a class of
 * 300 on a loaded machine fed its GPU workers slower than they worked). Sixteen keep the cores busy
 * through the waits, and still put the first students on the queue first.
 */
export const DEFAULT_ADMISSION = 16;

export function createAdmission(concurrency = DEFAULT_ADMISSION): Admission {
  const slots = new PQueue({ concurrency });
  return {
    enter(signal) {
      let leave!: () => void;
      const left = new Promise<void>((r) => { leave = r; });
      let admit!: () => void;
      const admitted = new Promise<void>((r) => { admit = r; });
      const onAbort = () => { admit(); leave(); };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      // The slot is held from this run's turn until it leaves (at once if it already has).
      void slots.add(async () => {
        signal?.removeEventListener('abort', onAbort);
        admit();
        await left;
      });
      return { admitted, leave };
    },
  };
}
