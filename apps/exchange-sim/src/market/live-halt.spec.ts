import { SimEnvironment } from '../sim.environment';
import { OffsetClock } from './clock';
import type { SimKline } from './kline';
import { MarketHaltedError, MarketService } from './market.service';

const at = (iso: string): number => Date.parse(iso);
const TRADE = { priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false };

function market(): MarketService {
  const env = Object.assign(new SimEnvironment(), { SIM_TRADES_PER_SECOND: 0 });
  return new MarketService(env, new OffsetClock(0));
}

const times = (klines: readonly SimKline[]): [string, string][] =>
  klines.map((kline) => [new Date(kline.openTime).toISOString(), new Date(kline.closeTime).toISOString()]);

describe('MarketService live halt', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('cuts the klines at the halt, has none during it, and resumes with an off-grid kline', () => {
    jest.useFakeTimers({ now: at('2025-03-01T10:04:30.000Z') });
    const service = market();
    const closes: SimKline[] = [];
    service.onKlineClosed((kline) => closes.push(kline));
    service.start();
    service.injectTrade(TRADE);
    jest.advanceTimersByTime(10_000);
    expect(service.halt()).toBe(at('2025-03-01T10:04:40.000Z'));
    expect(times(closes.filter((kline) => kline.interval === '1m'))).toEqual([
      ['2025-03-01T10:04:00.000Z', '2025-03-01T10:04:39.999Z'],
    ]);
    expect(() => service.injectTrade(TRADE)).toThrow(MarketHaltedError);
    expect(service.openKline('1m')).toBeUndefined();
    jest.advanceTimersByTime(100_000);
    expect(service.resume()).toMatchObject({ to: at('2025-03-01T10:06:20.000Z') });
    service.injectTrade(TRADE);
    jest.advanceTimersByTime(60_000);

    const minutes = service.klines('1m', { startTime: at('2025-03-01T10:03:00.000Z'), limit: 10 });
    expect(times(minutes)).toEqual([
      ['2025-03-01T10:03:00.000Z', '2025-03-01T10:03:59.999Z'],
      ['2025-03-01T10:04:00.000Z', '2025-03-01T10:04:39.999Z'],
      ['2025-03-01T10:06:20.000Z', '2025-03-01T10:07:00.999Z'],
      ['2025-03-01T10:07:00.000Z', '2025-03-01T10:07:59.999Z'],
    ]);
    expect(minutes.map((kline) => kline.bar.trades)).toEqual([expect.any(Number), 1, 1, 0]);
    expect(times(service.klines('1h', { startTime: at('2025-03-01T10:00:00.000Z'), limit: 10 }))).toEqual([
      ['2025-03-01T10:00:00.000Z', '2025-03-01T10:04:39.999Z'],
      ['2025-03-01T10:06:20.000Z', '2025-03-01T11:00:00.999Z'],
    ]);
    // The closes streamed are the klines REST then has, each once.
    const streamed = closes.filter((kline) => kline.interval === '1m');
    expect(times(streamed)).toEqual(times(minutes.slice(1, 3)));
    service.stop();
  });

  it('refuses a resume without a halt, and one in the minute the halt began', () => {
    jest.useFakeTimers({ now: at('2025-03-01T10:04:30.000Z') });
    const service = market();
    expect(() => service.resume()).toThrow(MarketHaltedError);
    service.halt();
    jest.advanceTimersByTime(5000);
    expect(() => service.resume()).toThrow('minute boundary');
  });
});
