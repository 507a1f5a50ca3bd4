import { ExchangeRateLimitError, ExchangeResponseError } from '../exchange-errors';
import { parseKrakenJson } from './kraken-json';
import { klinesFromOhlcResult } from './kraken-ohlc-rows';
import { krakenErrorOf } from './kraken-rest-client';

/** https://docs.kraken.com/api-reference/market-data/get-ohlc-data (response example, verbatim) */
const OHLC_BODY = `{
  "error": [],
  "result": {
    "XXBTZUSD": [
      [
        1688671200,
        "30306.1",
        "30306.2",
        "30305.7",
        "30305.7",
        "30306.1",
        "3.39243896",
        23
      ],
      [
        1688671260,
        "30304.5",
        "30304.5",
        "30300.0",
        "30300.0",
        "30300.0",
        "4.42996871",
        18
      ],
      [
        1688671320,
        "30300.3",
        "30300.4",
        "30291.4",
        "30291.4",
        "30294.7",
        "2.13024789",
        25
      ],
      [
        1688671380,
        "30291.8",
        "30295.1",
        "30291.8",
        "30295.0",
        "30293.8",
        "1.01836275",
        9
      ]
    ],
    "last": 1688672160
  }
}`;

function resultOf(text: string): unknown {
  return (parseKrakenJson(text) as { result: unknown }).result;
}

describe("Kraken's documented OHLC answer through our reader", () => {
  it('gives every row field for field, the last (uncommitted) one open', () => {
    const klines = klinesFromOhlcResult(resultOf(OHLC_BODY), '1m');
    expect(klines[0]).toEqual({
      openTime: '2023-07-06T19:20:00.000Z',
      closeTime: '2023-07-06T19:20:59.999Z',
      open: '30306.1',
      high: '30306.2',
      low: '30305.7',
      close: '30305.7',
      volume: '3.39243896',
      trades: 23,
      isClosed: true,
    });
    expect(klines.map((k) => [k.openTime, k.close, k.volume, k.trades, k.isClosed])).toEqual([
      ['2023-07-06T19:20:00.000Z', '30305.7', '3.39243896', 23, true],
      ['2023-07-06T19:21:00.000Z', '30300.0', '4.42996871', 18, true],
      ['2023-07-06T19:22:00.000Z', '30291.4', '2.13024789', 25, true],
      ['2023-07-06T19:23:00.000Z', '30295.0', '1.01836275', 9, false],
    ]);
  });

  it('refuses a result without rows whole', () => {
    expect(() => klinesFromOhlcResult(resultOf('{"result":{"last":1}}'), '1m')).toThrow(
      ExchangeResponseError,
    );
  });

  it.each([
    ['a time in milliseconds', '[1688671260000,"1","1","1","1","1","1",1]', 'malformed'],
    ['a volume of -1', '[1688671260,"1","1","1","1","1",-1,1]', 'malformed'],
    ['a short row', '[1688671260,"1"]', 'malformed'],
    ['a count that is not an integer', '[1688671260,"1","1","1","1","1","1","abc"]', 'trade-count'],
    ['a row out of order', '[1688671100,"1","1","1","1","1","1",1]', 'malformed'],
  ])('drops alone, and reports, a row not in the documented shape: %s', (_name, bad, reason) => {
    const refused: string[] = [];
    const good = (seconds: number): string => `[${seconds},"1","1","1","1","1","1",1]`;
    const body = `{"result":{"XBTUSDT":[${good(1688671200)},${bad},${good(1688671320)}]}}`;
    const klines = klinesFromOhlcResult(resultOf(body), '1m', 1688671400_000, {
      refused: (why) => refused.push(why),
    });
    expect(klines.map((kline) => kline.openTime)).toEqual([
      '2023-07-06T19:20:00.000Z',
      '2023-07-06T19:22:00.000Z',
    ]);
    expect(refused).toEqual([reason]);
  });

  it('drops alone, and reports, a row that breaks a rule of section 11 (price 0, high below low)', () => {
    const refused: string[] = [];
    const body =
      '{"result":{"XBTUSDT":[[1688671200,"0","1","1","1","1","1",1],' +
      '[1688671260,"30304.5","30300.0","30304.5","30300.0","30300.0","4.4",18],' +
      '[1688671320,"30300.3","30300.4","30291.4","30291.4","30294.7","2.1",25]]}}';
    const klines = klinesFromOhlcResult(resultOf(body), '1m', Date.parse('2023-07-06T19:23:00Z'), {
      refused: (reason) => refused.push(reason),
    });
    expect(klines.map((k) => k.openTime)).toEqual(['2023-07-06T19:22:00.000Z']);
    expect(refused).toEqual(['not-positive', 'ohlc']);
  });

  it("maps Kraken's error bodies to the lib's errors", () => {
    expect(krakenErrorOf(200, ['EAPI:Rate limit exceeded'])).toBeInstanceOf(ExchangeRateLimitError);
    expect(krakenErrorOf(200, ['EService:Unavailable'])).toMatchObject({ status: 503 });
    expect(krakenErrorOf(200, ['EQuery:Unknown asset pair'])).toMatchObject({
      status: 400,
      exchangeMessage: 'EQuery:Unknown asset pair',
    });
    expect(krakenErrorOf(502, [])).toMatchObject({ status: 502 });
  });

  it('reads `EService: Throttled: <unix time>` as a rate limit to wait out until that time', () => {
    // docs.kraken.com (REST rate limits): "EService: Throttled: [UNIX timestamp]" signifies that
    // there are too many concurrent requests. Please try again after [timestamp].
    const now = Date.parse('2024-03-01T06:30:00Z');
    const resume = now / 1000 + 42;
    for (const spelling of [`EService: Throttled: ${resume}`, `EService:Throttled:${resume}`]) {
      const error = krakenErrorOf(200, [spelling], now);
      expect(error).toBeInstanceOf(ExchangeRateLimitError);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42, exchangeMessage: spelling });
    }
    // A resume time already past still waits a second: it is a rate limit, never a plain failure.
    expect(krakenErrorOf(200, [`EService: Throttled: ${now / 1000 - 5}`], now)).toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
    });
  });
});
