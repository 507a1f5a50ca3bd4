import { ExchangeHttpError, ExchangeRateLimitError } from '../exchange-errors';
import { BinanceRestClient } from './binance-rest-client';

type Reply = { status: number; body: string; headers?: Record<string, string> };

function fakeFetch(replies: Reply[]): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fetchFn = (input: string | URL | Request): Promise<Response> => {
    urls.push(input instanceof Request ? input.url : input.toString());
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    return Promise.resolve(new Response(reply.body, { status: reply.status, headers: reply.headers }));
  };
  return { fetch: fetchFn, urls };
}

const ROW = [
  1_700_000_040_000,
  '97123.45000000',
  '97130.00000000',
  '97100.10000000',
  '97125.00000000',
  '1.23400000',
  1_700_000_099_999,
  '0',
  42,
  '0',
  '0',
  '0',
];

describe('BinanceRestClient.fetchKlines', () => {
  it('asks for the documented parameters and reports weight and the exchange clock', async () => {
    const date = new Date(1_700_000_100_000).toUTCString();
    const { fetch, urls } = fakeFetch([
      { status: 200, body: JSON.stringify([ROW]), headers: { date, 'x-mbx-used-weight-1m': '12' } },
    ]);
    const client = new BinanceRestClient({ baseUrl: 'http://exchange.test/', fetch });
    const page = await client.fetchKlines('btcusdt', '1m', { startTime: 1, endTime: 2, limit: 1000 });
    expect(urls).toEqual([
      'http://exchange.test/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=1&endTime=2&limit=1000',
    ]);
    expect(page).toEqual({
      klines: [expect.objectContaining({ close: '97125.00000000', trades: 42, isClosed: true })],
      usedWeight: 12,
      exchangeTime: 1_700_000_100_000,
    });
  });

  it('asks the exchange for its time when the answer has no Date header (its weight window), and reads a close on the service’s clock, not that time', async () => {
    const { fetch, urls } = fakeFetch([
      { status: 200, body: JSON.stringify([ROW]) },
      { status: 200, body: '{"serverTime":1700000099999}' },
    ]);
    const page = await new BinanceRestClient({ baseUrl: 'http://x', fetch }).fetchKlines('btcusdt', '1m');
    expect(urls[1]).toBe('http://x/api/v3/time');
    expect(page.exchangeTime).toBe(1_700_000_099_999);
    // The row's minute ended long before the service's clock, though the exchange's time says it is open.
    expect(page.klines[0]?.isClosed).toBe(true);
  });

  it.each([429, 418] as const)('turns %i into a rate-limit error carrying Retry-After', async (status) => {
    const { fetch } = fakeFetch([
      {
        status,
        body: '{"code":-1003,"msg":"Too much request weight used"}',
        headers: { 'retry-after': '37', 'x-mbx-used-weight-1m': '6001' },
      },
    ]);
    const error: unknown = await new BinanceRestClient({ baseUrl: 'http://x', fetch })
      .fetchKlines('btcusdt', '1h')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExchangeRateLimitError);
    expect(error).toMatchObject({
      status,
      retryAfterSeconds: 37,
      usedWeight: 6001,
      exchangeCode: -1003,
      banned: status === 418,
    });
  });

  it('reports other failures with the exchange code and message', async () => {
    const { fetch } = fakeFetch([{ status: 400, body: '{"code":-1121,"msg":"Invalid symbol."}' }]);
    await expect(
      new BinanceRestClient({ baseUrl: 'http://x', fetch }).fetchKlines('btcusdt', '1m'),
    ).rejects.toEqual(new ExchangeHttpError(400, -1121, 'Invalid symbol.'));
  });

  it('refuses a range it could not send', async () => {
    const client = new BinanceRestClient({ baseUrl: 'http://x', fetch: fakeFetch([]).fetch });
    await expect(client.fetchKlines('btcusdt', '1m', { limit: 1001 })).rejects.toThrow('limit');
    await expect(client.fetchKlines('btcusdt', '1m', { startTime: 5, endTime: 4 })).rejects.toThrow(
      'startTime',
    );
  });
});
