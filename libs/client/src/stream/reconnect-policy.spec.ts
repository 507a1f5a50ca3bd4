import { closeOutcome, reconnectDelay } from './reconnect-policy';

describe('closeOutcome', () => {
  it.each([
    [1000, 'finished'],
    [4400, 'refused'],
    [4401, 'refused'],
    [4429, 'rate-limited'],
    [1001, 'retry'],
    [1006, 'retry'],
    [1011, 'retry'],
    [1013, 'retry'],
  ] as const)('should treat close code %d as %s', (code, outcome) => {
    expect(closeOutcome(code)).toBe(outcome);
  });
});

describe('reconnectDelay', () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1_000, rateLimitedDelayMs: 5_000 };

  it('should wait a random time below a ceiling that doubles with each attempt', () => {
    const highest = () => 0.999_999;
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, 'retry', options, highest))).toEqual([
      99, 199, 399, 799,
    ]);
    expect(reconnectDelay(2, 'retry', options, () => 0)).toBe(0);
  });

  it('should cap the ceiling, however many attempts failed', () => {
    expect(reconnectDelay(50, 'retry', options, () => 0.999_999)).toBe(999);
  });

  it('should wait the rate-limit delay on top after 4429', () => {
    expect(reconnectDelay(0, 'rate-limited', options, () => 0.5)).toBe(5_050);
  });
});
