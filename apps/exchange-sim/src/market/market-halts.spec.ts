import { type Interval, intervalMs } from '@pds/market';
import { SimEnvironment } from '../sim.environment';
import { OffsetClock } from './clock';
import type { SimKline } from './kline';
import { MarketService } from './market.service';

const at = (iso: string): number => Date.parse(iso);

function market(overrides: Partial<SimEnvironment> = {}): MarketService {
  const env = Object.assign(new SimEnvironment(), { SIM_TRADES_PER_SECOND: 0, ...overrides });
  return new MarketService(env, new OffsetClock(0));
}

function window(service: MarketService, interval: Interval, from: string, to: string): SimKline[] {
  return service.klines(interval, { startTime: at(from), endTime: at(to), limit: 1000 });
}

function expectTradeIdsContiguous(klines: readonly SimKline[]): void {
  for (const { bar } of klines) expect(bar.lastTradeId - bar.firstTradeId + 1).toBe(bar.trades);
  klines.slice(1).forEach((kline, index) => {
    const previous = klines[index];
    if (previous && previous.closeTime < kline.openTime) {
      expect(kline.bar.firstTradeId).toBe(previous.bar.lastTradeId + 1);
    }
  });
}

describe('MarketService history around Binance BTCUSDT halts', () => {
  const service = market();

  it('cuts the 1h kline at the 2018-02-08 halt and resumes off the grid until the realignment', () => {
    const klines = window(service, '1h', '2018-02-07T22:00:00Z', '2018-02-11T05:00:00Z');
    const times = klines.map((kline) => [kline.openTime, kline.closeTime]);
    expect(times.slice(0, 3)).toEqual([
      [at('2018-02-07T22:00:00Z'), at('2018-02-07T22:59:59.999Z')],
      [at('2018-02-07T23:00:00Z'), at('2018-02-07T23:59:59.999Z')],
      [1518048000000, 1518049694788],
    ]);
    expect(times[3]).toEqual([1518168494789, 1518168494789 + 3_599_999]);
    const realign = times.findIndex(([open]) => open === 1518319694789);
    expect(times[realign]).toEqual([1518319694789, 1518321600999]);
    expect(times.slice(realign + 1)).toEqual([
      [1518321600000, 1518325199999],
      [1518325200000, 1518328799999],
    ]);
    // Every kline between the resume and the realignment keeps the resume's offset.
    for (const [open] of times.slice(3, realign + 1)) expect((open ?? 0) % 3_600_000).toBe(1_694_789);
    expectTradeIdsContiguous(klines);
  });

  it('has no 1m kline during the halt and offsets the 1m klines by the same 14.789 s', () => {
    const before = window(service, '1m', '2018-02-08T00:25:00Z', '2018-02-09T09:30:00Z');
    expect(before.map((kline) => kline.openTime).slice(0, 4)).toEqual([
      at('2018-02-08T00:25:00Z'),
      at('2018-02-08T00:26:00Z'),
      at('2018-02-08T00:27:00Z'),
      at('2018-02-08T00:28:00Z'),
    ]);
    expect(before[3]?.closeTime).toBe(1518049694788);
    expect(before[4]?.openTime).toBe(1518168494789);
    const realign = window(service, '1m', '2018-02-11T03:58:00Z', '2018-02-11T04:01:00Z');
    expect(realign.map((kline) => [kline.openTime, kline.closeTime])).toEqual([
      [at('2018-02-11T03:58:14.789Z'), at('2018-02-11T03:59:14.788Z')],
      [at('2018-02-11T03:59:14.789Z'), at('2018-02-11T04:00:00.999Z')],
      [at('2018-02-11T04:00:00Z'), at('2018-02-11T04:00:59.999Z')],
      [at('2018-02-11T04:01:00Z'), at('2018-02-11T04:01:59.999Z')],
    ]);
    expectTradeIdsContiguous(before);
    expectTradeIdsContiguous(realign);
  });

  it('leaves a hole on the grid for a halt on whole minutes (2020-02-19 11:35 → 17:29)', () => {
    const hours = window(service, '1h', '2020-02-19T10:00:00Z', '2020-02-19T19:00:00Z');
    expect(hours.map((kline) => new Date(kline.openTime).toISOString().slice(11, 16))).toEqual([
      '10:00',
      '11:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    expect(hours[1]?.closeTime).toBe(at('2020-02-19T11:59:59.999Z'));
    const minutes = window(service, '1m', '2020-02-19T11:34:00Z', '2020-02-19T17:30:00Z');
    expect(minutes.map((kline) => kline.openTime)).toEqual([
      at('2020-02-19T11:34:00Z'),
      at('2020-02-19T17:29:00Z'),
      at('2020-02-19T17:30:00Z'),
    ]);
    expectTradeIdsContiguous(hours);
    expectTradeIdsContiguous(minutes);
    expect(
      window(service, '1d', '2020-02-19T00:00:00Z', '2020-02-19T00:00:00Z')[0]?.bar.trades,
    ).toBeGreaterThan(0);
  });

  it('counts a window back from endTime across a hole, as Binance does', () => {
    const last = service.klines('1h', { endTime: at('2018-02-09T10:00:00Z'), limit: 3 });
    expect(last.map((kline) => kline.openTime)).toEqual([
      at('2018-02-07T23:00:00Z'),
      1518048000000,
      1518168494789,
    ]);
  });

  it('is on the grid everywhere with SIM_HALTS=none', () => {
    const plain = market({ SIM_HALTS: 'none' });
    const klines = window(plain, '1h', '2018-02-08T00:00:00Z', '2018-02-08T03:00:00Z');
    expect(klines.map((kline) => kline.openTime % intervalMs('1h'))).toEqual([0, 0, 0, 0]);
    expectTradeIdsContiguous(klines);
  });
});

describe('MarketService trade ids across its start', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('continues the synthetic ids, so the kline holding the start keeps L - f + 1 = n', () => {
    jest.useFakeTimers({ now: at('2025-03-01T10:04:30.000Z') });
    const service = market();
    service.start();
    service.injectTrade({ priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false });
    service.injectTrade({ priceTicks: 9_700_013, quantitySteps: 50_000, buyerIsMaker: true });
    jest.advanceTimersByTime(60_000);
    const [hour] = service.klines('1h', { startTime: at('2025-03-01T10:00:00.000Z'), limit: 1 });
    expect(hour?.bar.lastTradeId).toBe((hour?.bar.firstTradeId ?? 0) + (hour?.bar.trades ?? 0) - 1);
    service.stop();
  });
});
