import type { Trade } from '@pds/market';
import { followTrade, type IntervalKline, reconcilePush } from './interval-kline';
import { MINUTE, push, T0, trade } from './interval-kline.fixtures';

/** A state that the exchange's push started: trades 1..10 of the 01:02 kline. */
function based(): IntervalKline {
  return reconcilePush(undefined, push(T0, 10, {}), []).state!;
}

function follow(start: IntervalKline | undefined, trades: Trade[]) {
  let state = start;
  const writes = [];
  for (const next of trades) {
    const update = followTrade(state, next, '1m');
    state = update.state;
    writes.push(...update.writes);
  }
  return { state, writes };
}

describe('followTrade', () => {
  it('follows every trade on the base with exact decimals', () => {
    const { state, writes } = follow(based(), [
      trade(11, '111.45000000', '0.00100000', T0 + 3_000),
      trade(12, '89.00000001', '0.00250000', T0 + 4_000),
      trade(13, '97.01000000', '1.10000000', T0 + 5_000),
    ]);
    expect(state?.kline).toEqual({
      openTime: '2026-11-22T01:02:00.000Z',
      closeTime: '2026-11-22T01:02:59.999Z',
      open: '100.00000000',
      high: '111.45000000',
      low: '89.00000001',
      close: '97.01000000',
      volume: '2.10350000',
      trades: 13,
      isClosed: false,
    });
    expect(writes.map((w) => w.kind)).toEqual(['open', 'open', 'open']);
  });

  it('writes no kline before the exchange gave a base (it would be built from one trade)', () => {
    expect(followTrade(undefined, trade(1, '1.00', '1.00', T0), '1m')).toEqual({
      state: undefined,
      writes: [],
    });
  });

  it('rolls over on a trade in a later interval: the old kline closed first, then the new open one', () => {
    const { writes } = follow(based(), [trade(11, '2.00', '0.50', T0 + MINUTE + 5)]);
    expect(writes).toMatchObject([
      {
        interval: '1m',
        kind: 'closed-if-absent',
        kline: { close: '105.00000000', isClosed: true },
      },
      {
        interval: '1m',
        kind: 'open',
        kline: {
          openTime: '2026-11-22T01:03:00.000Z',
          closeTime: '2026-11-22T01:03:59.999Z',
          open: '2.00',
          high: '2.00',
          low: '2.00',
          close: '2.00',
          volume: '0.50',
          trades: 1,
          isClosed: false,
        },
      },
    ]);
  });

  it('ignores repeated and late trades', () => {
    const state = based();
    expect(followTrade(state, trade(10, '9.00', '1.00', T0 + 5_000), '1m').writes).toEqual([]);
    expect(followTrade(state, trade(11, '9.00', '1.00', T0 - 1), '1m').writes).toEqual([]);
  });

  it('leaves a final kline alone and does not close it again at the rollover', () => {
    const final = reconcilePush(undefined, push(T0, 10, { isClosed: true }), []).state;
    expect(followTrade(final, trade(11, '1.00', '1.00', T0 + 59_000), '1m').writes).toEqual([]);
    expect(
      followTrade(final, trade(12, '1.00', '1.00', T0 + MINUTE), '1m').writes.map((w) => w.kind),
    ).toEqual(['open']);
  });

  it('starts a kline from an empty push (no trades) at the first trade price', () => {
    const empty = reconcilePush(
      undefined,
      push(T0, -1, { trades: 0, volume: '0.00000000', open: '5', high: '5', low: '5', close: '5' }),
      [],
    ).state;
    const { state } = follow(empty, [trade(1, '7.50000000', '0.10000000', T0 + 1)]);
    expect(state?.kline).toMatchObject({
      open: '7.50000000',
      high: '7.50000000',
      low: '7.50000000',
      volume: '0.10000000',
      trades: 1,
    });
  });
});

describe('reconcilePush', () => {
  const buffered = [
    trade(10, '104.00000000', '0.10000000', T0 + 1_000), // already in the push (L = 10)
    trade(11, '111.50000000', '0.20000000', T0 + 2_500),
    trade(12, '89.99000000', '0.30000000', T0 + 2_600),
    trade(13, '120.00000000', '5.00000000', T0 + MINUTE + 1), // next interval
  ];

  it('takes the push as the base and re-applies the trades it did not include yet', () => {
    const { state, writes } = reconcilePush(undefined, push(T0, 10, {}), buffered);
    expect(state?.kline).toEqual(
      expect.objectContaining({
        open: '100.00000000',
        high: '111.50000000',
        low: '89.99000000',
        close: '89.99000000',
        volume: '1.50000000',
        trades: 12,
      }),
    );
    expect(state?.lastTradeId).toBe(12);
    expect(writes.map((w) => w.kind)).toEqual(['open']);
  });

  it('is authoritative over the trade-following state of the same kline', () => {
    const followed = follow(
      reconcilePush(undefined, push(T0, 9, { open: '1.00000000' }), []).state,
      buffered.slice(0, 3),
    );
    const { state } = reconcilePush(followed.state, push(T0, 10, {}), buffered);
    expect(state?.kline.open).toBe('100.00000000');
    expect(state?.kline.trades).toBe(12);
  });

  it('never goes back: a push that cannot be topped up to the state changes nothing', () => {
    const followed = follow(based(), buffered.slice(1, 3)).state;
    expect(reconcilePush(followed, push(T0, 10, {}, T0 + 4_000), []).writes).toEqual([]);
  });

  it('writes nothing when the topped-up push equals the state', () => {
    const first = reconcilePush(undefined, push(T0, 10, {}), buffered).state;
    expect(reconcilePush(first, push(T0, 10, {}, T0 + 4_000), buffered).writes).toEqual([]);
  });

  it('a final push replaces history and makes the kline final', () => {
    const { state, writes } = reconcilePush(
      based(),
      push(T0, 12, { isClosed: true, trades: 12 }, T0 + MINUTE),
      buffered,
    );
    expect(state?.final).toBe(true);
    expect(writes).toMatchObject([{ interval: '1m', kind: 'closed', kline: { trades: 12, isClosed: true } }]);
  });

  it('a push of a later kline closes the current one first', () => {
    const { writes } = reconcilePush(
      based(),
      push(T0 + MINUTE, 12, { trades: 0, volume: '0.00000000' }),
      buffered,
    );
    expect(writes.map((w) => w.kind)).toEqual(['closed-if-absent', 'open']);
    expect(writes[1]?.kline).toEqual(
      expect.objectContaining({ open: '120.00000000', volume: '5.00000000', trades: 1 }),
    );
  });

  it('a late push of an earlier kline only reaches history, and only when final', () => {
    const current = reconcilePush(undefined, push(T0 + MINUTE, 20, {}), []).state;
    expect(reconcilePush(current, push(T0, 10, {}), []).writes).toEqual([]);
    const late = reconcilePush(current, push(T0, 12, { isClosed: true }), []);
    expect(late.state).toBe(current);
    expect(late.writes.map((w) => w.kind)).toEqual(['closed']);
  });
});
