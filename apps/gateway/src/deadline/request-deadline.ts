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
 * A deadline made by `deferred` arms its timer only once the request waits (`waiting`): no timer
 * can fire while a request runs, so one answered without waiting never needed it.
 */
export class RequestDeadline {
  private timer: NodeJS.Timeout | undefined;
  private pauses = 0;
  private settled = false;

  constructor(
    private readonly budgetMs: number,
    allowanceMs: number,
    private readonly onOverdue: () => void,
    /** Set by `deferred`: when the deadline passes (performance.now()), its timer not yet armed. */
    private readonly deferredUntil?: number,
  ) {
    if (deferredUntil === undefined) this.arm(budgetMs + allowanceMs);
  }

  /** A deadline counted from `startedAt` (performance.now()) whose timer waits for `waiting`. */
  static deferred(
    budgetMs: number,
    allowanceMs: number,
    onOverdue: () => void,
    startedAt: number,
  ): RequestDeadline {
    return new RequestDeadline(budgetMs, allowanceMs, onOverdue, startedAt + budgetMs + allowanceMs);
  }

  /**
   * The request is about to wait: a deferred deadline's timer is armed for what is left of it (at
   * once past it). Nothing for a deadline already armed, paused by `notCounting`, or settled.
   */
  waiting(): void {
    if (this.deferredUntil === undefined || this.timer !== undefined || this.pauses > 0 || this.settled) {
      return;
    }
    this.arm(Math.max(0, this.deferredUntil - performance.now()));
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
