/**
 * Runs async tasks one after another, in the order given: Redis must see the steps of one stream in
 * exchange order even while an earlier write is still in flight.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private size = 0;

  get pending(): number {
    return this.size;
  }

  /** The task must handle its own errors; one that throws anyway does not stop the queue. */
  run(task: () => Promise<void>): void {
    this.size += 1;
    this.tail = this.tail.then(task).then(
      () => {
        this.size -= 1;
      },
      () => {
        this.size -= 1;
      },
    );
  }

  /** Resolves when every task given so far has finished. */
  drained(): Promise<void> {
    return this.tail;
  }
}
