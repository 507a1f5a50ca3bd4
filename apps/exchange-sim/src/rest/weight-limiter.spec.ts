import { WeightLimiter } from './weight-limiter';

const MINUTE = 60_000;
const T0 = 1_000 * MINUTE; // the start of a clock minute

function limiter(perMinute = 10): WeightLimiter {
  return new WeightLimiter({ perMinute, banAfterRejections: 2, banMs: 120_000 });
}

describe('WeightLimiter', () => {
  it('adds up weight within the clock minute and starts again at the next', () => {
    const weights = limiter();
    expect(weights.admit(2, T0 + 100)).toEqual({ kind: 'admitted', used: 2 });
    expect(weights.admit(2, T0 + 59_999)).toEqual({ kind: 'admitted', used: 4 });
    expect(weights.used(T0 + 59_999)).toBe(4);
    expect(weights.admit(1, T0 + MINUTE)).toEqual({ kind: 'admitted', used: 1 });
  });

  it('answers 429 with the seconds left in the window once the budget is spent', () => {
    const weights = limiter();
    for (let request = 0; request < 5; request += 1) weights.admit(2, T0);
    expect(weights.admit(2, T0 + 45_500)).toEqual({ kind: 'rate-limited', used: 10, retryAfterSeconds: 15 });
    expect(weights.admit(1, T0 + 59_999)).toEqual({ kind: 'rate-limited', used: 10, retryAfterSeconds: 1 });
    expect(weights.admit(2, T0 + MINUTE).kind).toBe('admitted');
  });

  it('bans with 418 a client that keeps sending after its 429s, until the ban ends', () => {
    const weights = limiter(2);
    weights.admit(2, T0);
    expect(weights.admit(2, T0 + 1).kind).toBe('rate-limited');
    expect(weights.admit(2, T0 + 2).kind).toBe('rate-limited');
    expect(weights.admit(2, T0 + 3)).toEqual({
      kind: 'banned',
      used: 2,
      retryAfterSeconds: 120,
      until: T0 + 3 + 120_000,
    });
    // Even a new window does not lift the ban.
    expect(weights.admit(1, T0 + MINUTE + 3)).toMatchObject({ kind: 'banned', retryAfterSeconds: 60 });
    expect(weights.admit(1, T0 + 3 + 120_000).kind).toBe('admitted');
  });

  it('takes a new budget at once and forgets everything on reset', () => {
    const weights = limiter(2);
    weights.admit(2, T0);
    expect(weights.admit(2, T0).kind).toBe('rate-limited');
    weights.setBudget(100);
    expect(weights.admit(2, T0)).toEqual({ kind: 'admitted', used: 4 });
    weights.reset();
    expect(weights.used(T0)).toBe(0);
    expect(weights.perMinute).toBe(100);
  });
});
