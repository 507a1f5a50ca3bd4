import { StripeError } from './stripe-error';

export interface SavedAnswer {
  readonly status: number;
  readonly body: string;
}

interface Entry {
  readonly endpoint: string;
  readonly body: string;
  answer?: SavedAnswer;
}

/** What to do with a request that carries an `Idempotency-Key`. */
export type IdempotencyDecision =
  { readonly kind: 'run' } | { readonly kind: 'replay'; readonly answer: SavedAnswer };

/**
 * Stripe's idempotency: the first answer to a key is saved and replayed for the same endpoint and
 * parameters; the key with other parameters or on another endpoint is an `idempotency_error`.
 * Kept in memory for the simulator's life (Stripe keeps keys 24 hours).
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  decide(key: string, endpoint: string, body: string): IdempotencyDecision {
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { endpoint, body });
      return { kind: 'run' };
    }
    if (entry.endpoint !== endpoint) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.body !== body) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (!entry.answer) {
      throw new StripeError(
        409,
        'idempotency_error',
        `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      );
    }
    return { kind: 'replay', answer: entry.answer };
  }

  /** Saves the first answer; a server error is not saved, so a retry runs again (as Stripe does). */
  save(key: string, answer: SavedAnswer): void {
    const entry = this.entries.get(key);
    if (!entry || entry.answer) return;
    if (answer.status >= 500) this.entries.delete(key);
    else entry.answer = answer;
  }

  clear(): void {
    this.entries.clear();
  }
}

function idempotencyError(message: string): StripeError {
  return new StripeError(400, 'idempotency_error', message);
}
