import { RateLimitError, ValidationError } from '../errors';
import { send } from './send';

/** An answer as openapi-fetch resolves it. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const response = new Response(JSON.stringify(body), { status, headers });
  return status < 400 ? { data: body, response } : { error: body, response };
}

const LIMITED = { code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit of 40 requests per minute exceeded.' };

describe('send', () => {
  it('should expose the rate-limit figures and the price source of an answer', async () => {
    const result = await send(() =>
      Promise.resolve(
        answer(
          200,
          { price: '1.00000000' },
          {
            'X-RateLimit-Limit': '40',
            'X-RateLimit-Remaining': '39',
            'X-RateLimit-Reset': '60',
            'X-Price-Source': 'binance',
          },
        ),
      ),
    );
    expect(result).toMatchObject({
      data: { price: '1.00000000' },
      status: 200,
      rateLimit: { limit: 40, remaining: 39, resetSeconds: 60 },
      priceSource: 'binance',
    });
  });

  it('should wait Retry-After and try again, a bounded number of times', async () => {
    const answers = [answer(429, LIMITED, { 'Retry-After': '0' }), answer(200, { ok: true })];
    const result = await send(() => Promise.resolve(answers.shift()!));
    expect(result.data).toEqual({ ok: true });

    let calls = 0;
    const always = () => {
      calls += 1;
      return Promise.resolve(answer(429, LIMITED, { 'Retry-After': '0' }));
    };
    await expect(send(always, { maxRetries: 2 })).rejects.toBeInstanceOf(RateLimitError);
    expect(calls).toBe(3);
  });

  it('should throw at once when Retry-After is longer than the caller wants to wait', async () => {
    let calls = 0;
    const call = () => {
      calls += 1;
      return Promise.resolve(answer(429, LIMITED, { 'Retry-After': '42' }));
    };
    const error = (await send(call, { maxWaitSeconds: 10 }).catch(
      (caught: unknown) => caught,
    )) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(42);
    expect(calls).toBe(1);
  });

  it('should not retry a validation error', async () => {
    let calls = 0;
    const call = () => {
      calls += 1;
      return Promise.resolve(answer(400, { code: 'VALIDATION_ERROR', message: 'limit must be given once' }));
    };
    await expect(send(call)).rejects.toEqual(
      new ValidationError({ code: 'VALIDATION_ERROR', message: 'limit must be given once' }),
    );
    expect(calls).toBe(1);
  });
});
