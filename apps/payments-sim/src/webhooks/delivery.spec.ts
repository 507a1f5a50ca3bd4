import { retryDelayMs } from './delivery';

describe('retryDelayMs', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1000, maxAttempts: 8, timeoutMs: 1000 };

  it('should wait the base delay after the first failure, then twice as long each time', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(policy, attempt))).toEqual([100, 200, 400, 800]);
  });

  it('should never wait longer than the cap', () => {
    expect(retryDelayMs(policy, 5)).toBe(1000);
    expect(retryDelayMs(policy, 30)).toBe(1000);
  });
});
