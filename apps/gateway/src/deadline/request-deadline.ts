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
 * would otherwise wait for two of them. DeadlineWatch answers it 503 once it is overdue.
 */
export class RequestDeadline {
  private endsAt: number;
  private pauses = 0;

  constructor(
    private readonly budgetMs: number,
    allowanceMs: number,
    /** Answers the request 503 (it is abandoned: whatever it answers later is dropped). */
    readonly onOverdue: () => void,
  ) {
    this.endsAt = Date.now() + budgetMs + allowanceMs;
  }

  /**
   * Stops the clock while `wait` is on something other than Redis, bounded by its own timeout (the
   * exchange, for read-through); Redis then gets its full time again.
   */
  async notCounting<T>(wait: Promise<T>): Promise<T> {
    this.pauses += 1;
    try {
      return await wait;
    } finally {
      this.pauses -= 1;
      this.endsAt = Date.now() + this.budgetMs;
    }
  }

  isOverdue(now: number): boolean {
    return this.pauses === 0 && now >= this.endsAt;
  }
}
