import type { StreamKline, StreamTrade } from '@pds/exchange';
import { INTERVALS, type Interval, priceOf } from '@pds/market';
import { MarketState } from './market-state';

const T0 = Date.UTC(2026, 10, 22, 0, 0);

function trade(id: number, price: string, time: number): StreamTrade {
  return { id, price, quantity: '0.01000000', time, eventTime: time + 3 };
}

function push(interval: Interval, openTime: number, lastTradeId: number, isClosed = false): StreamKline {
  return {
    interval,
    eventTime: openTime + 1000,
    openTime,
    firstTradeId: 0,
    lastTradeId,
    kline: {
      openTime: new Date(openTime).toISOString(),
      closeTime: new Date(openTime + 59_999).toISOString(),
      open: '1.00',
      high: '1.00',
      low: '1.00',
      close: '1.00',
      volume: '0.01000000',
      trades: 1,
      isClosed,
    },
  };
}

describe('MarketState', () => {
  it('turns a trade into the latest price, and into the open kline of every interval with a base', () => {
    const state = new MarketState(() => T0 + 2_000);
    for (const interval of INTERVALS) state.onKline(push(interval, T0, 1));
    const step = state.onTrade(trade(2, '97123.45000000', T0 + 1_234));
    expect(step.price).toEqual({ price: '97123.45000000', time: '2026-11-22T00:00:01.234Z' });
    expect(step.eventTime).toBe(T0 + 1_237);
    expect(step.klines.map((w) => `${w.interval}:${w.kind}:${w.kline.close}:${w.kline.volume}`)).toEqual(
      INTERVALS.map((interval) => `${interval}:open:97123.45000000:0.02000000`),
    );
  });

  it('keeps the newest price and event time when an older trade arrives late (lower id, earlier time)', () => {
    const state = new MarketState();
    state.onTrade(trade(3, '2.00', T0 + 5_000));
    const step = state.onTrade(trade(2, '1.00', T0 + 4_000));
    expect(step.price).toBeUndefined();
    expect(step.eventTime).toBe(T0 + 5_003);
    expect(state.price).toEqual({ price: '2.00', time: '2026-11-22T00:00:05.000Z' });
  });

  it("should serve the next trade by the exchange's order when one trade was dated 59 s ahead", () => {
    const state = new MarketState(() => T0);
    state.onTrade(trade(7, '1.00', T0));
    expect(state.onTrade(trade(8, '9.00', T0 + 59_000)).price).toEqual(priceOf('9.00', T0 + 59_000));
    const next = state.onTrade(trade(9, '2.00', T0 + 10));
    expect(next.price).toEqual(priceOf('2.00', T0 + 10));
    expect(next.priceTradeId).toBe(9);
    expect(state.onTrade(trade(10, '3.00', T0 + 20)).price).toEqual(priceOf('3.00', T0 + 20));
  });

  it('should serve the next trade when one trade came with an id and a time ahead of the exchange’s', () => {
    const state = new MarketState(() => T0 + 20);
    state.onTrade(trade(7, '1.00', T0));
    state.onTrade(trade(7 + 500, '9.00', T0 + 59_000));
    expect(state.onTrade(trade(8, '2.00', T0 + 10)).price).toEqual(priceOf('2.00', T0 + 10));
    expect(state.onTrade(trade(9, '3.00', T0 + 20)).price).toEqual(priceOf('3.00', T0 + 20));
  });

  it('should serve the next trade when one trade came with an id far above the exchange’s', () => {
    const state = new MarketState();
    state.onTrade(trade(7, '1.00', T0));
    state.onTrade(trade(Number.MAX_SAFE_INTEGER, '9.00', T0 + 1));
    expect(state.onTrade(trade(8, '2.00', T0 + 1)).price).toEqual(priceOf('2.00', T0 + 1));
    expect(state.onTrade(trade(9, '3.00', T0 + 1)).price).toEqual(priceOf('3.00', T0 + 1));
  });

  it('tops up the first push of an interval with the trades seen before it', () => {
    const state = new MarketState(() => T0 + 1_000);
    state.onTrade(trade(2, '3.00', T0 + 10));
    const step = state.onKline(push('1m', T0, 1));
    expect(step.klines).toMatchObject([
      { interval: '1m', kind: 'open', kline: { close: '3.00', volume: '0.02000000', trades: 2 } },
    ]);
  });

  it('gives a new leader a snapshot: recent closed klines, then the open ones', () => {
    const state = new MarketState(() => T0 + 60_500);
    expect(state.snapshot()).toBeUndefined();
    state.onKline(push('1m', T0, 1));
    state.onKline(push('1d', T0, 1));
    state.onTrade(trade(2, '2.00', T0 + 60_000));
    state.onKline(push('1m', T0, 1, true));
    const snapshot = state.snapshot()!;
    expect(snapshot.price?.price).toBe('2.00');
    expect(snapshot.klines.map((w) => `${w.interval}:${w.kind}:${w.kline.openTime}`)).toEqual([
      '1m:closed:2026-11-22T00:00:00.000Z',
      '1m:open:2026-11-22T00:01:00.000Z',
      '1d:open:2026-11-22T00:00:00.000Z',
    ]);
  });

  it('rolls every interval whose slot ended on the clock over by time, keeping the event time', () => {
    let now = T0 + 30_000;
    const state = new MarketState(() => now);
    state.onKline(push('1m', T0, 1));
    state.onKline(push('5m', T0, 1));
    expect(state.onClock()).toBeUndefined();
    now = T0 + 60_001;
    const step = state.onClock();
    expect(step?.eventTime).toBe(T0 + 1000);
    expect(step?.price).toBeUndefined();
    expect(step?.klines.map((w) => `${w.interval}:${w.kind}:${w.kline.openTime}`)).toEqual([
      '1m:closed-if-absent:2026-11-22T00:00:00.000Z',
      '1m:open:2026-11-22T00:01:00.000Z',
    ]);
    expect(state.openKline('1m')).toMatchObject({ open: '1.00', volume: '0.00000000', trades: 0 });
  });

  it('rolls over at once when the exchange closes a slot after the minute passed on the clock', () => {
    // The trade came before the first push (no base yet); the closed push came after the minute's tick.
    const state = new MarketState(() => T0 + 60_300);
    state.onTrade(trade(1, '1.00', T0 + 59_900));
    const step = state.onKline(push('1m', T0, 1, true));
    expect(step.klines.map((w) => `${w.interval}:${w.kind}:${w.kline.openTime}`)).toEqual([
      '1m:closed:2026-11-22T00:00:00.000Z',
      '1m:open:2026-11-22T00:01:00.000Z',
    ]);
    expect(state.openKline('1m')).toMatchObject({
      open: '1.00',
      close: '1.00',
      volume: '0.00000000',
      trades: 0,
    });
  });

  it('has no clock step before the first event', () => {
    expect(new MarketState(() => T0).onClock()).toBeUndefined();
  });
});
