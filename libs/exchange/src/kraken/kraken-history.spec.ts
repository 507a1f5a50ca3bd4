import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExchangeRateLimitError } from '../exchange-errors';
import { KrakenAdapter } from './kraken-adapter';

const HOUR_S = 3600;
const DAY_START_S = Date.parse('2024-03-01T00:00:00Z') / 1000;

/** A row of Kraken's OHLC answer: [time, open, high, low, close, vwap, volume, count]. */
function row(
  time: number,
  open: string,
  high: string,
  low: string,
  close: string,
  volume: string,
  count: number,
): string {
  return `[${time},"${open}","${high}","${low}","${close}","${close}","${volume}",${count}]`;
}

const HOURS = [
  row(DAY_START_S, '100.0', '110.0', '95.5', '105.0', '1.00000000', 10),
  row(DAY_START_S + HOUR_S, '105.0', '120.25', '101.0', '119.0', '0.50000000', 4),
  row(DAY_START_S + 5 * HOUR_S, '119.0', '119.5', '90.0', '91.0', '0.00000001', 1),
  row(DAY_START_S + 6 * HOUR_S, '91.0', '92.0', '90.5', '92.0', '2.00000000', 3),
];

describe('KrakenAdapter.fetchKlines against a local OHLC endpoint', () => {
  let server: Server;
  const requests: string[] = [];
  let answer = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json', date: 'Fri, 01 Mar 2024 06:30:00 GMT' });
      response.end(answer);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });

  afterAll(() => {
    server.close();
  });

  function adapter(): KrakenAdapter {
    return new KrakenAdapter({ restBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }

  it("asks for XBTUSDT in Kraken's minutes with an exclusive since in seconds, and keeps the range", async () => {
    answer = `{"error":[],"result":{"XBTUSDT":[${HOURS.join(',')}],"last":${DAY_START_S + 6 * HOUR_S}}}`;
    const page = await adapter().fetchKlines('btcusdt', '1h', {
      startTime: (DAY_START_S + HOUR_S) * 1000,
      endTime: (DAY_START_S + 5 * HOUR_S) * 1000,
    });
    expect(requests.at(-1)).toBe(`/0/public/OHLC?pair=XBTUSDT&interval=60&since=${DAY_START_S + HOUR_S - 1}`);
    expect(page.klines.map((k) => [k.openTime, k.close, k.isClosed])).toEqual([
      ['2024-03-01T01:00:00.000Z', '119.0', true],
      ['2024-03-01T05:00:00.000Z', '91.0', true],
    ]);
    expect(page.exchangeTime).toBe(Date.parse('2024-03-01T06:30:00Z'));
  });

  it('merges 6h from the 1h answer, from the start of the window', async () => {
    answer = `{"error":[],"result":{"XBTUSDT":[${HOURS.join(',')}],"last":${DAY_START_S + 6 * HOUR_S}}}`;
    const page = await adapter().fetchKlines('btcusdt', '6h', {
      startTime: (DAY_START_S + 2 * HOUR_S) * 1000,
    });
    expect(requests.at(-1)).toBe(`/0/public/OHLC?pair=XBTUSDT&interval=60&since=${DAY_START_S - 1}`);
    expect(page.klines).toEqual([
      {
        openTime: '2024-03-01T06:00:00.000Z',
        closeTime: '2024-03-01T11:59:59.999Z',
        open: '91.0',
        high: '92.0',
        low: '90.5',
        close: '92.0',
        volume: '2.00000000',
        trades: 3,
        isClosed: false,
      },
    ]);
    const whole = await adapter().fetchKlines('btcusdt', '6h', { startTime: DAY_START_S * 1000 });
    expect(whole.klines[0]).toEqual({
      openTime: '2024-03-01T00:00:00.000Z',
      closeTime: '2024-03-01T05:59:59.999Z',
      open: '100.0',
      high: '120.25',
      low: '90.0',
      close: '91.0',
      volume: '1.50000001',
      trades: 15,
      isClosed: true,
    });
  });

  it("turns Kraken's error bodies into the lib's errors", async () => {
    answer = '{"error":["EAPI:Rate limit exceeded"]}';
    await expect(adapter().fetchKlines('btcusdt', '1m')).rejects.toBeInstanceOf(ExchangeRateLimitError);
    answer = '{"error":["EService:Unavailable"]}';
    await expect(adapter().fetchKlines('btcusdt', '1m')).rejects.toMatchObject({ status: 503 });
  });

  it('honours the resume time of `EService: Throttled`, counted on the exchange clock (its Date)', async () => {
    // The answer's Date is 2024-03-01T06:30:00Z; Kraken names the time to try again after.
    answer = `{"error":["EService: Throttled: ${Date.parse('2024-03-01T06:31:30Z') / 1000}"]}`;
    const refused = adapter().fetchKlines('btcusdt', '1m');
    await expect(refused).rejects.toBeInstanceOf(ExchangeRateLimitError);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSeconds: 90 });
  });
});
