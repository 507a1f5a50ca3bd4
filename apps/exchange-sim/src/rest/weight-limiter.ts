const WINDOW_MS = 60_000;

export type Admission =
  | { readonly kind: 'admitted'; readonly used: number }
  | { readonly kind: 'rate-limited'; readonly used: number; readonly retryAfterSeconds: number }
  | {
      readonly kind: 'banned';
      readonly used: number;
      readonly retryAfterSeconds: number;
      readonly until: number;
    };

export interface WeightLimiterSettings {
  readonly perMinute: number;
  /** 429s answered in one window before the next over-budget request earns a ban. */
  readonly banAfterRejections: number;
  readonly banMs: number;
}

/**
 * Binance's REQUEST_WEIGHT limiter for one IP: weight adds up in fixed windows aligned to the clock
 * minute (X-MBX-USED-WEIGHT-1M); a request that would pass the budget gets 429 with Retry-After
 * until the window ends, and a client that keeps sending after its 429s is banned with 418.
 */
export class WeightLimiter {
  private budget: number;
  private windowStart = Number.NEGATIVE_INFINITY;
  private usedInWindow = 0;
  private rejectedInWindow = 0;
  private bannedUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly settings: WeightLimiterSettings) {
    this.budget = settings.perMinute;
  }

  get perMinute(): number {
    return this.budget;
  }

  setBudget(perMinute: number): void {
    this.budget = perMinute;
  }

  /** Weight used in the window holding `now`. */
  used(now: number): number {
    this.roll(now);
    return this.usedInWindow;
  }

  admit(weight: number, now: number): Admission {
    this.roll(now);
    const used = this.usedInWindow;
    if (now < this.bannedUntil) return this.banned(now);
    if (used + weight <= this.budget) {
      this.usedInWindow += weight;
      return { kind: 'admitted', used: this.usedInWindow };
    }
    if (this.rejectedInWindow >= this.settings.banAfterRejections) {
      this.bannedUntil = now + this.settings.banMs;
      return this.banned(now);
    }
    this.rejectedInWindow += 1;
    return { kind: 'rate-limited', used, retryAfterSeconds: secondsUntil(this.windowStart + WINDOW_MS, now) };
  }

  /** Forgets the current window and any ban (tests start each case from a clean slate). */
  reset(): void {
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.usedInWindow = 0;
    this.rejectedInWindow = 0;
    this.bannedUntil = Number.NEGATIVE_INFINITY;
  }

  private banned(now: number): Admission {
    return {
      kind: 'banned',
      used: this.usedInWindow,
      retryAfterSeconds: secondsUntil(this.bannedUntil, now),
      until: this.bannedUntil,
    };
  }

  private roll(now: number): void {
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (windowStart === this.windowStart) return;
    this.windowStart = windowStart;
    this.usedInWindow = 0;
    this.rejectedInWindow = 0;
  }
}

/** Whole seconds to wait until `time`, at least 1 (Retry-After is an integer). */
function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}
