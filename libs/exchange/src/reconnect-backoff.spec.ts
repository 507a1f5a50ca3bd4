import { ReconnectBackoff } from './reconnect-backoff';

describe('ReconnectBackoff', () => {
  const options = { initialMs: 250, maxMs: 30_000, healthyAfterMs: 60_000 };

  it('doubles the ceiling per failure and caps it', () => {
    const backoff = new ReconnectBackoff({ ...options, random: () => 0.999999 });
    const delays = Array.from({ length: 10 }, () => backoff.nextDelayMs(0));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('jitters within the upper half of the ceiling', () => {
    const low = new ReconnectBackoff({ ...options, random: () => 0 });
    expect([low.nextDelayMs(0), low.nextDelayMs(0), low.nextDelayMs(0)]).toEqual([125, 250, 500]);
    const real = new ReconnectBackoff(options);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const ceiling = Math.min(30_000, 250 * 2 ** attempt);
      const delay = real.nextDelayMs(0);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('starts over after a connection stayed healthy long enough', () => {
    const backoff = new ReconnectBackoff({ ...options, random: () => 0.999999 });
    backoff.nextDelayMs(0);
    backoff.nextDelayMs(0);
    backoff.markUp(1000);
    expect(backoff.nextDelayMs(1000 + 59_999)).toBe(1000);
    backoff.markUp(100_000);
    expect(backoff.nextDelayMs(160_000)).toBe(250);
  });

  it('keeps growing when connections die before they were healthy', () => {
    const backoff = new ReconnectBackoff({ ...options, random: () => 0.999999 });
    backoff.markUp(0);
    expect(backoff.nextDelayMs(10)).toBe(250);
    backoff.markUp(20);
    expect(backoff.nextDelayMs(30)).toBe(500);
  });
});
