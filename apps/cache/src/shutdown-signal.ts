import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * Aborted when the process starts to stop, before BullMQ's worker closes: jobs waiting (for the
 * exchange budget, a Retry-After, a retry delay) give up at once instead of holding the stop until
 * its deadline. Their jobs fail this attempt and are retried, here or by another worker.
 */
@Injectable()
export class ShutdownSignal implements BeforeApplicationShutdown {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  beforeApplicationShutdown(): void {
    this.controller.abort(new Error('the cache worker is stopping'));
  }
}
