import { IndexKlines } from './index-klines';

const MINUTE = Date.parse('2026-11-29T01:00:00.000Z');

function tick(offsetSeconds: number, price: string, volume = '0.5') {
  return { time: MINUTE + offsetSeconds * 1000, price, volume };
}

describe('IndexKlines', () => {
  it('builds OHLC from the seconds with a value, counting them as trades', () => {
    const klines = new IndexKlines();
    klines.second(MINUTE, tick(0, '100.00'));
    klines.second(MINUTE + 1000, tick(1, '101.50'));
    klines.second(MINUTE + 2000, undefined);
    const writes = klines.second(MINUTE + 3000, tick(3, '99.25', '1.25'));
    const minute = writes.find((write) => write.interval === '1m')?.kline;
    expect(minute).toEqual({
      openTime: '2026-11-29T01:00:00.000Z',
      closeTime: '2026-11-29T01:00:59.999Z',
      open: '100.00',
      high: '101.50',
      low: '99.25',
      close: '99.25',
      volume: '2.25',
      trades: 3,
      isClosed: false,
    });
  });

  it('closes a kline at the first second past it, even one without a value', () => {
    const klines = new IndexKlines();
    klines.second(MINUTE + 59_000, tick(59, '100'));
    const writes = klines.second(MINUTE + 60_000, undefined);
    expect(writes.map(({ interval, kind, kline }) => [interval, kind, kline.isClosed])).toEqual([
      ['1m', 'closed', true],
    ]);
    expect(klines.snapshot().map((write) => write.interval)).not.toContain('1m');
  });

  it('continues adopted klines only with seconds after the last leader’s', () => {
    const first = new IndexKlines();
    first.second(MINUTE, tick(0, '100'));
    first.second(MINUTE + 1000, tick(1, '102'));
    const taker = new IndexKlines();
    taker.adopt(
      first.snapshot().map((write) => write.kline),
      MINUTE + 1000,
    );
    expect(taker.second(MINUTE + 1000, tick(1, '500'))).toEqual([]);
    const minute = taker
      .second(MINUTE + 2000, tick(2, '101'))
      .find((write) => write.interval === '1m')?.kline;
    expect(minute).toMatchObject({ open: '100', high: '102', low: '100', close: '101', trades: 3 });
  });
});
