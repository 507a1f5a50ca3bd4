import { followClock, followTrade, type IntervalKline, reconcilePush } from './interval-kline';
import { MINUTE, push, T0, trade } from './interval-kline.fixtures';

const iso = (time: number): string => new Date(time).toISOString();

/** The 01:02 slot as the exchange's push and one trade after it left it. */
function traded(now = T0 + 30_000): IntervalKline {
  const base = reconcilePush(undefined, push(T0, 10), [], now).state;
  const update = followTrade(base, trade(11, '107.50000000', '0.25000000', T0 + 20_000), '1m', now);
  if (!update.state) throw new Error('no state');
  return update.state;
}

const kinds = (writes: readonly { kind: string; kline: { openTime: string } }[]): string[][] =>
  writes.map((written) => [written.kind, written.kline.openTime]);

describe('a kline slot ended on the service clock with no event after it (followClock)', () => {
  it('changes nothing while the slot has not ended', () => {
    const state = traded();
    expect(followClock(state, T0 + MINUTE - 1)).toEqual({ state, writes: [] });
  });

  it('starts the next slot flat at the last close, with zero volume at the exchange’s scale and no trades', () => {
    const { state, writes } = followClock(traded(), T0 + MINUTE + 1);
    expect(state?.kline).toEqual({
      openTime: iso(T0 + MINUTE),
      closeTime: iso(T0 + 2 * MINUTE - 1),
      open: '107.50000000',
      high: '107.50000000',
      low: '107.50000000',
      close: '107.50000000',
      volume: '0.00000000',
      trades: 0,
      isClosed: false,
    });
    expect(kinds(writes)).toEqual([
      ['closed-if-absent', iso(T0)],
      ['open', iso(T0 + MINUTE)],
    ]);
  });

  it('sends nothing to history when the exchange’s closed push already came', () => {
    const final = reconcilePush(traded(), push(T0, 11, { isClosed: true }), []).state;
    expect(kinds(followClock(final, T0 + MINUTE + 1).writes)).toEqual([['open', iso(T0 + MINUTE)]]);
  });

  it('jumps to the slot that holds now after several quiet slots (a stalled process)', () => {
    const { state } = followClock(traded(), T0 + 3 * MINUTE + 5);
    expect(state?.openTime).toBe(T0 + 3 * MINUTE);
  });

  it('never sends a kline it started itself to history, traded in nothing (a halt has no klines)', () => {
    const quiet = followClock(traded(), T0 + MINUTE + 1).state;
    const next = followClock(quiet, T0 + 2 * MINUTE + 1);
    expect(kinds(next.writes)).toEqual([['open', iso(T0 + 2 * MINUTE)]]);
  });

  it('lets the first trade of the quiet slot open it at the trade’s price, then history keeps it', () => {
    const quiet = followClock(traded(), T0 + MINUTE + 1).state;
    const now = T0 + MINUTE + 10_000;
    const first = followTrade(quiet, trade(12, '99.00000000', '0.10000000', T0 + MINUTE + 5000), '1m', now);
    expect(first.state?.kline).toMatchObject({ open: '99.00000000', close: '99.00000000', trades: 1 });
    const next = followClock(first.state, T0 + 2 * MINUTE + 1);
    expect(kinds(next.writes)).toEqual([
      ['closed-if-absent', iso(T0 + MINUTE)],
      ['open', iso(T0 + 2 * MINUTE)],
    ]);
  });

  it('counts no trade of an earlier slot again in the quiet kline', () => {
    const quiet = followClock(traded(), T0 + MINUTE + 1).state;
    const replayed = followTrade(
      quiet,
      trade(11, '107.50000000', '0.25000000', T0 + 20_000),
      '1m',
      T0 + MINUTE + 2,
    );
    expect(replayed).toEqual({ state: quiet, writes: [] });
  });

  it('takes the exchange’s push of the quiet slot as it comes, as a kline the exchange has', () => {
    const quiet = followClock(traded(), T0 + MINUTE + 1).state;
    const pushed = reconcilePush(
      quiet,
      push(T0 + MINUTE, 14, { trades: 3 }, T0 + MINUTE + 2000),
      [],
      T0 + MINUTE + 2001,
    );
    expect(pushed.state).toMatchObject({ openTime: T0 + MINUTE, kline: { trades: 3 } });
    expect(kinds(followClock(pushed.state, T0 + 2 * MINUTE + 1).writes)[0]).toEqual([
      'closed-if-absent',
      iso(T0 + MINUTE),
    ]);
  });

  it('keeps a kline cut short by a halt until its grid slot ends', () => {
    const cut = push(T0, 10, { closeTime: iso(T0 + 20_000 - 1) });
    const state = reconcilePush(undefined, cut, [], T0 + 10_000).state;
    expect(followClock(state, T0 + 30_000).state).toBe(state);
    expect(followClock(state, T0 + MINUTE + 1).state?.openTime).toBe(T0 + MINUTE);
  });

  it('has nothing to roll before the exchange’s first push', () => {
    expect(followClock(undefined, T0)).toEqual({ state: undefined, writes: [] });
  });
});
