/**
 * The worker pool's queue (piscina's `taskQueue` seam): work asked to go first — what a GPU job is
 * waiting on, such as a narration's script — is handed to the next free thread before the rest;
 * each kind in the order it came. With a class's weeks at once, a script queued behind thirty notes'
 * card ideas and covers' titles kept its narration off the GPU queue for seconds while the cards
 * had nowhere else to be.
 */
import { Piscina, type TaskQueue } from 'piscina';

type Task = Parameters<TaskQueue['push']>[0];

/** What a request carries, under piscina's queue-options symbol, to go first. */
export interface QueueOptions {
  first?: boolean;
}

const goesFirst = (task: Task): boolean => ((task as unknown as Record<symbol, QueueOptions | null | undefined>)[Piscina.queueOptionsSymbol])?.first === true;

export class FirstThenInOrder implements TaskQueue {
  private readonly first: Task[] = [];
  private readonly rest: Task[] = [];

  get size(): number {
    return this.first.length + this.rest.length;
  }

  push(task: Task): void {
    (goesFirst(task) ? this.first : this.rest).push(task);
  }

  shift(): Task | null {
    return this.first.shift() ?? this.rest.shift() ?? null;
  }

  remove(task: Task): void {
    for (const q of [this.first, this.rest]) {
      const i = q.indexOf(task);
      if (i !== -1) {
        q.splice(i, 1);
        return;
      }
    }
  }
}
