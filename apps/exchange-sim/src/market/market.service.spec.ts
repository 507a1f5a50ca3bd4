import { INTERVALS, intervalMs } from '@pds/market';
import { SimEnvironment } from '../sim.environment';
import { OffsetClock } from './clock';
import type { SimKline } from './kline';
import type { SimTrade } from './market-events';
import { MarketService } from './market.service';

function market(overrides: Partial<SimEnvironment> = {}): MarketService {
  const env = Object.assign(new SimEnvironment(), { SIM_TRADES_PER_SECOND: 0, ...overrides });
  return new MarketService(env, new OffsetClock(0));
}

function record(service: MarketService): { closes: SimKline[]; trades: SimTrade[] } {
  const closes: SimKline[] = [];
  const trades: SimTrade[] = [];
  service.onKlineClosed((kline) => closes.push(kline));
  service.onTrade((trade) => trades.push(trade));
  return { closes, trades };
}

describe('MarketService on a fake clock', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('closes the minute promptly at its boundary, at the last price when nothing traded', () => {
    jest.useFakeTimers({ now: Date.parse('2025-03-01T10:04:30.000Z') });
    const service = market();
    const { closes } = record(service);
    service.start();
    jest.advanceTimersByTime(29_999);
    expect(closes).toEqual([]);
    jest.advanceTimersByTime(1);
    // 10:05 ends the 10:04 minute and the 10:00 five minutes.
    expect(closes.map((kline) => kline.interval)).toEqual(['1m', '5m']);
    const [minute] = closes;
    expect(minute?.openTime).toBe(Date.parse('2025-03-01T10:04:00.000Z'));
    expect(minute?.closeTime).toBe(Date.parse('2025-03-01T10:04:59.999Z'));
    expect(minute?.bar.trades).toBe(0);
    expect(minute?.bar.volume).toBe(0n);
    expect(minute?.bar.open).toBe(minute?.bar.close);
    service.stop();
  });

  it('books injected trades with sequential ids and counts them in the closed klines', () => {
    jest.useFakeTimers({ now: Date.parse('2025-03-01T10:04:30.000Z') });
    const service = market();
    const { closes, trades } = record(service);
    service.start();
    const first = service.injectTrade({ priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false });
    jest.advanceTimersByTime(1000);
    const second = service.injectTrade({ priceTicks: 9_699_000, quantitySteps: 1, buyerIsMaker: true });
    expect(second.id).toBe(first.id + 1);
    expect(trades.map((trade) => trade.price)).toEqual(['97000.12000000', '96990.00000000']);
    expect(trades[0]?.quantity).toBe('0.50000000');
    expect(service.lastPrice()).toBe('96990.00000000');
    jest.advanceTimersByTime(30_000);
    const minute = closes.find((kline) => kline.interval === '1m');
    expect(minute?.bar).toMatchObject({
      open: 9_700_012,
      high: 9_700_012,
      low: 9_699_000,
      close: 9_699_000,
      trades: 2,
    });
    expect(minute?.bar.volume).toBe(50_001n);
    expect(minute?.bar.takerBuyVolume).toBe(50_000n);
    expect(minute?.bar.firstTradeId).toBe(first.id);
    expect(minute?.bar.lastTradeId).toBe(second.id);
    service.stop();
  });

  it('pushes the same final klines as REST serves afterwards, for all nine intervals at midnight', () => {
    jest.useFakeTimers({ now: Date.parse('2025-03-01T23:59:58.000Z') });
    const service = market({ SIM_TRADES_PER_SECOND: 20 });
    const { closes, trades } = record(service);
    service.start();
    jest.advanceTimersByTime(2500);
    expect(trades.length).toBeGreaterThan(30);
    expect(closes.map((kline) => kline.interval)).toEqual([...INTERVALS]);
    for (const closed of closes) {
      const rest = service.klines(closed.interval, { startTime: closed.openTime, limit: 1 });
      expect(rest).toEqual([closed]);
      expect(closed.closeTime).toBe(Date.parse('2025-03-01T23:59:59.999Z'));
      expect(closed.openTime).toBe(Date.parse('2025-03-02T00:00:00.000Z') - intervalMs(closed.interval));
    }
    service.stop();
  });

  it('replays the same background trades for the same seed', () => {
    const run = (): string[] => {
      jest.useFakeTimers({ now: Date.parse('2025-03-01T10:00:00.000Z') });
      const service = market({ SIM_TRADES_PER_SECOND: 50, SIM_SEED: 77 });
      const { trades } = record(service);
      service.start();
      jest.advanceTimersByTime(1000);
      service.stop();
      jest.useRealTimers();
      return trades.map((trade) => `${trade.id} ${trade.price} ${trade.quantity} ${trade.buyerIsMaker}`);
    };
    const first = run();
    expect(first).toHaveLength(50);
    expect(run()).toEqual(first);
  });

  it('answers REST with the open kline last and nothing before the listing', () => {
    jest.useFakeTimers({ now: Date.parse('2025-03-01T10:04:30.000Z') });
    const service = market();
    const latest = service.klines('1m', { limit: 3 });
    expect(latest.map((kline) => kline.openTime)).toEqual([
      Date.parse('2025-03-01T10:02:00.000Z'),
      Date.parse('2025-03-01T10:03:00.000Z'),
      Date.parse('2025-03-01T10:04:00.000Z'),
    ]);
    expect(latest[1]?.bar.close).toBe(latest[2]?.bar.open);
    expect(service.klines('1d', { endTime: Date.parse('2017-08-16T00:00:00.000Z'), limit: 10 })).toEqual([]);
    const first = service.klines('1d', { startTime: 0, limit: 1 });
    expect(first[0]?.openTime).toBe(Date.parse('2017-08-17T00:00:00.000Z'));
  });
});
