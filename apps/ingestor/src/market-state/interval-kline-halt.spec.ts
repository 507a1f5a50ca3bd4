import type { StreamKline } from '@pds/exchange';
import type { Trade } from '@pds/market';
import { followTrade, reconcilePush } from './interval-kline';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 1, 2);
const RESUMED_AT = T0 + 2014;
const iso = (time: number): string => new Date(time).toISOString();

const trade = (id: number, time: number): Trade => ({
  id,
  price: '101.00000000',
  quantity: '0.50000000',
  time,
});

/** A 1m push: the cut kline before the halt, or the off-grid one after it, as the exchange sends them. */
function push(openTime: number, closeTime: number, lastTradeId: number, isClosed: boolean): StreamKline {
  const price = '100.00000000';
  const kline = { open: price, high: price, low: price, close: price, volume: '1.00000000', trades: 10 };
  return {
    interval: '1m',
    eventTime: openTime + 500,
    openTime,
    firstTradeId: 1,
    lastTradeId,
    kline: { openTime: iso(openTime), closeTime: iso(closeTime), ...kline, isClosed },
  };
}

const cut = push(T0 - MINUTE, T0 - 5000, 10, true);
const offGrid = push(RESUMED_AT, T0 + MINUTE + 999, 11, false);

describe('an exchange kline opened off the grid after a trading halt', () => {
  it('replaces the grid kline the first trades started, without writing that one to history', () => {
    const first = trade(11, RESUMED_AT + 10);
    const byTrade = followTrade(reconcilePush(undefined, cut, []).state, first, '1m');
    expect(byTrade.state?.openTime).toBe(T0);
    const update = reconcilePush(byTrade.state, offGrid, [first]);
    expect(update.writes.map((written) => written.kind)).toEqual(['open']);
    expect(update.state?.openTime).toBe(RESUMED_AT);
  });

  it('replaces the grid kline the first trades started while that slot is open on the service clock', () => {
    const now = RESUMED_AT + 20;
    const first = trade(11, RESUMED_AT + 10);
    const byTrade = followTrade(reconcilePush(undefined, cut, [], now).state, first, '1m', now);
    const update = reconcilePush(byTrade.state, offGrid, [first], now);
    expect(update.writes.map((written) => written.kind)).toEqual(['open']);
    expect(update.state?.openTime).toBe(RESUMED_AT);
  });

  it('keeps the trades of its own span and slot, and rolls over at the next grid slot', () => {
    const inside = followTrade(reconcilePush(undefined, offGrid, []).state, trade(12, T0 + 30_000), '1m');
    expect(inside.state).toMatchObject({ openTime: RESUMED_AT, kline: { trades: 11 } });
    const next = followTrade(inside.state, trade(13, T0 + MINUTE + 500), '1m');
    expect(next.state?.openTime).toBe(T0 + MINUTE);
    expect(next.writes.map((written) => [written.kind, written.kline.openTime])).toEqual([
      ['closed-if-absent', iso(RESUMED_AT)],
      ['open', iso(T0 + MINUTE)],
    ]);
  });
});
