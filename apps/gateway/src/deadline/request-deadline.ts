import { AsyncLocalStorage } from 'node:async_hooks';

/** Redis did not answer before the request's deadline; the request is answered 503. */
export class DeadlineExceededError extends Error {
  constructor() {
    super('no answer within the request deadline');
    this.name = 'DeadlineExceededError';
  }
}

/**
 * The time one request (or one WebSocket admission) may spend waiting for Redis, counted from its
 * arrival, across every Redis call it makes: each call also has its own command timeout, but a
 * request making two calls would otherwise wait for two of them.
 */
export class RequestDeadline {
  private timer: NodeJS.Timeout | undefined;
  private expiry: Promise<never> | undefined;

  constructor(private endsAt: number) {}

  /** `call`, or DeadlineExceededError once the deadline passes first; the call is then abandoned. */
  bound<T>(call: Promise<T>): Promise<T> {
    // An abandoned call that fails later must not surface as an unhandled rejection.
    call.catch(() => undefined);
    if (Date.now() >= this.endsAt) return Promise.reject(new DeadlineExceededError());
    return Promise.race([call, this.expired()]);
  }

  /** A wait that is not on Redis (the exchange, for read-through) is over: the count starts again. */
  restart(budgetMs: number): void {
    this.end();
    this.endsAt = Date.now() + budgetMs;
  }

  /** The request is answered: nothing waits on the deadline any more. */
  end(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.expiry = undefined;
  }

  private expired(): Promise<never> {
    this.expiry ??= new Promise<never>((_resolve, reject) => {
      this.timer = setTimeout(() => {
        reject(new DeadlineExceededError());
      }, this.endsAt - Date.now());
      this.timer.unref();
    });
    const expiry = this.expiry;
    expiry.catch(() => undefined);
    return expiry;
  }
}

const current = new AsyncLocalStorage<RequestDeadline>();

/** Runs `work` with a deadline `budgetMs` from now for every Redis call made on its behalf. */
export function withDeadline<T>(budgetMs: number, work: (deadline: RequestDeadline) => T): T {
  const deadline = new RequestDeadline(Date.now() + budgetMs);
  return current.run(deadline, () => work(deadline));
}

/** The deadline of the request this code runs for, if any (start-up and background work have none). */
export function currentDeadline(): RequestDeadline | undefined {
  return current.getStore();
}
