import type { ApiException } from '../errors/api-exception';
import { toApiException } from '../errors/all-exceptions.filter';
import { StorageUnavailableError } from '../errors/storage-unavailable.error';

/** The answer to a request or admission past its deadline: 503 with Retry-After, like Redis down. */
export function overdueAnswer(): ApiException {
  const refusal = { code: 'unreachable', cause: 'Redis did not answer within the request deadline' };
  return toApiException(new StorageUnavailableError(refusal));
}

/**
 * The time one HTTP request or WebSocket admission may take, counted from its arrival, across every
 * Redis call it makes: each call also has its own command timeout, but a request making two calls
 * would otherwise wait for two of them. Once it passes, `onOverdue` answers 503 and the request is
 * abandoned: whatever it answers later is dropped.
 *
 * One Node timer each (timers of one duration share a list: adding and clearing cost O(1)). Neither
 * alternative fits: Fastify's handlerTimeout cannot pause while read-through waits on the exchange;
 * AsyncLocalStorage costs Node 20 a promise hook on every promise, and a set of waiting requests
 * swept by one timer kept each request alive longer (both measured at about 15 % of throughput).
 */
export class RequestDeadline {
  private timer: NodeJS.Timeout | undefined;
  private pauses = 0;
  private settled = false;

  constructor(
    private readonly budgetMs: number,
    allowanceMs: number,
    private readonly onOverdue: () => void,
  ) {
    this.arm(budgetMs + allowanceMs);
  }

  /**
   * Stops the clock while `wait` is on something other than Redis, bounded by its own timeout (the
   * exchange, for read-through); Redis then gets its full time again.
   */
  async notCounting<T>(wait: Promise<T>): Promise<T> {
    this.pauses += 1;
    clearTimeout(this.timer);
    try {
      return await wait;
    } finally {
      this.pauses -= 1;
      if (this.pauses === 0 && !this.settled) this.arm(this.budgetMs);
    }
  }

  /** The request is answered (or the admission done): the clock stops for good. */
  settle(): void {
    this.settled = true;
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(expire, ms, this);
    this.timer.unref();
  }

  /** Called by the timer only. */
  expire(): void {
    this.settled = true;
    this.onOverdue();
  }
}

// A function shared by every timer, instead of a closure per request.
function expire(deadline: RequestDeadline): void {
  deadline.expire();
}
