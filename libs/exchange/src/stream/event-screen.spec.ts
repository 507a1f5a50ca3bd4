import { closeTimeOf, type Interval, toIsoTime } from '@pds/market';
import type { StreamKline, StreamTrade } from '../live-stream';
import { EventScreen } from './event-screen';
import { MAX_CLOCK_LEAD_MS } from './frame-checks';
import { FrameRefusals } from './frame-refusals';

const NOW = Date.UTC(2026, 10, 28, 20, 30, 30);
const MINUTE = 60_000;

function trade(id: number, time: number): StreamTrade {
  return { id, price: '97000.10', quantity: '0.5', time, eventTime: time };
}

function push(interval: Interval, openTime: number, isClosed: boolean, eventTime = NOW): StreamKline {
  const kline = {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, interval)),
    open: '97000.10',
    high: '97010.00',
    low: '96990.00',
    close: '97005.00',
    volume: '1.5',
    trades: 3,
    isClosed,
  };
  return { interval, eventTime, openTime, firstTradeId: 1, lastTradeId: 3, kline };
}

describe("EventScreen: every bound is the service's own clock", () => {
  let now: number;
  let refusals: FrameRefusals;
  let screen: EventScreen;

  beforeEach(() => {
    now = NOW;
    refusals = new FrameRefusals(
      () => undefined,
      () => now,
    );
    screen = new EventScreen(0, refusals, () => now);
  });

  it('should refuse every trade beyond 60 s of the clock however many frames walk ahead in steps of 59 s', () => {
    let accepted = 0;
    for (let step = 1; step <= 25; step += 1) {
      const frame = Array.from({ length: 16 }, (_, i) => trade(step * 100 + i, NOW + step * 59_000));
      accepted += screen.trades(frame).length;
    }
    expect(accepted).toBe(16); // the first step only: 59 s ahead, inside the bound
    expect(refusals.counts()['time-ahead']).toBe(24 * 16);
    expect(screen.trades([trade(9999, NOW + MAX_CLOCK_LEAD_MS + 1)])).toEqual([]);
  });

  it('should take times up to 60 s ahead of the clock as it moves, and no further', () => {
    now += 10 * MINUTE;
    expect(screen.trades([trade(1, now + MAX_CLOCK_LEAD_MS)])).toHaveLength(1);
    expect(screen.trades([trade(2, now + MAX_CLOCK_LEAD_MS + 1)])).toHaveLength(0);
  });

  it('should refuse a kline sent as closed before its close time, counted as closed-early', () => {
    const current = Date.UTC(2026, 10, 28, 20, 30);
    const hour = Date.UTC(2026, 10, 28, 20);
    const day = Date.UTC(2026, 10, 28);
    const pushes = [push('1m', current, true), push('1h', hour, true), push('1d', day, true)];
    expect(screen.klines(pushes)).toEqual([]);
    expect(refusals.counts()['closed-early']).toBe(3);
    expect(screen.klines([push('1m', current, false)])).toHaveLength(1);
  });

  it('should take a kline closed once its close time has passed on the clock', () => {
    const current = Date.UTC(2026, 10, 28, 20, 30);
    now = closeTimeOf(current, '1m');
    expect(screen.klines([push('1m', current, true)])).toEqual([]);
    now += 1;
    expect(screen.klines([push('1m', current, true)])).toHaveLength(1);
  });

  it('should refuse a kline whose open time is off its interval’s UTC grid, counted as off-grid', () => {
    const current = Date.UTC(2026, 10, 28, 20, 30);
    expect(screen.klines([push('1m', current + 1, false)])).toEqual([]);
    expect(screen.klines([push('1h', current, false)])).toEqual([]);
    expect(refusals.counts()['off-grid']).toBe(2);
  });
});

describe("EventScreen: the exchange's own realignment after a halt", () => {
  const hour = Date.UTC(2026, 10, 28, 20);
  const now = Date.UTC(2026, 10, 28, 20, 40);

  it('should take the off-grid kline opened after the exchange cut that interval’s kline, and refuse others', () => {
    const refusals = new FrameRefusals(
      () => undefined,
      () => now,
    );
    const screen = new EventScreen(0, refusals, () => now);
    const haltAt = Date.UTC(2026, 10, 28, 20, 31, 20);
    const cut = push('1m', Date.UTC(2026, 10, 28, 20, 31), true);
    const cutKline = { ...cut, kline: { ...cut.kline, closeTime: toIsoTime(haltAt - 1) } };
    expect(screen.klines([push('1h', hour + 1, false)])).toEqual([]);
    expect(screen.klines([cutKline])).toHaveLength(1);
    const resumedAt = Date.UTC(2026, 10, 28, 20, 33, 10, 5);
    const realignment = push('1m', resumedAt, false);
    expect(screen.klines([realignment])).toHaveLength(1);
    expect(
      screen.klines([{ ...realignment, kline: { ...realignment.kline, close: '97001.00' } }]),
    ).toHaveLength(1);
    expect(screen.klines([push('1m', resumedAt + 1, false)])).toEqual([]);
    expect(refusals.counts()['off-grid']).toBe(2);
  });
});
