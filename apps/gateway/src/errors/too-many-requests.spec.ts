import { retryAfterSeconds, tooManyConnections, tooManyRequests } from './too-many-requests';

describe('too many requests', () => {
  it('should round a limiter’s milliseconds left up to whole seconds, never below 1', () => {
    expect(retryAfterSeconds(41_200)).toBe(42);
    expect(retryAfterSeconds(60_000)).toBe(60);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-5)).toBe(1);
  });

  it('should answer 429 RATE_LIMIT_EXCEEDED with the seconds in the message and in Retry-After', () => {
    const refusal = tooManyRequests('Rate limit of 40 requests per minute exceeded', 12_001);
    expect(refusal.getStatus()).toBe(429);
    expect(refusal.body).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Rate limit of 40 requests per minute exceeded. Retry after 13 seconds.',
    });
    expect(refusal.headers).toEqual({ 'Retry-After': '13' });
  });

  it('should refuse a WebSocket connection past its slots with the same code', () => {
    const refusal = tooManyConnections(2);
    expect(refusal.getStatus()).toBe(429);
    expect(refusal.body).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'WebSocket connection limit of 2 per operation exceeded',
    });
  });
});
