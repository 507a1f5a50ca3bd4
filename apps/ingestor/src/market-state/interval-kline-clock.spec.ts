import { followTrade, type IntervalKline, reconcilePush } from './interval-kline';
import { MINUTE, push, T0, trade } from './interval-kline.fixtures';

/** A state that the exchange's push started: trades 1..10 of the 01:02 kline. */
function based(): IntervalKline {
  return reconcilePush(undefined, push(T0, 10), [], T0 + 2000).state!;
}

describe("a slot is open until its close time passes on the service's clock", () => {
  const now = T0 + 30_000;

  it('should keep the slot open and unchanged when a trade dated in the next slot comes before its end', () => {
    const state = based();
    const update = followTrade(
      state,
      trade(11, '200.00000000', '1.00000000', T0 + MINUTE + 29_000),
      '1m',
      now,
    );
    expect(update).toEqual({ state, writes: [] });
    const next = followTrade(update.state, trade(12, '101.00000000', '1.00000000', now), '1m', now);
    expect(next.writes).toEqual([{ interval: '1m', kind: 'open', kline: next.state?.kline }]);
    expect(next.state?.kline).toMatchObject({ close: '101.00000000', isClosed: false });
  });

  it('should keep the slot open when a push of the next slot comes before its end', () => {
    const state = based();
    expect(reconcilePush(state, push(T0 + MINUTE, 20), [], now)).toEqual({ state, writes: [] });
  });

  it('should close the slot by a trade of the next slot once its close time has passed', () => {
    const update = followTrade(
      based(),
      trade(11, '101.00000000', '1.00000000', T0 + MINUTE),
      '1m',
      T0 + MINUTE,
    );
    expect(update.writes.map((write) => [write.kind, write.kline.openTime, write.kline.isClosed])).toEqual([
      ['closed-if-absent', new Date(T0).toISOString(), true],
      ['open', new Date(T0 + MINUTE).toISOString(), false],
    ]);
  });
});
