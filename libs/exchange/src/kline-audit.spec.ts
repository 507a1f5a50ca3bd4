import { closeTimeOf, type Kline, toIsoTime } from '@pds/market';
import { auditKlines, isCleanAudit } from './kline-audit';

const M = 60_000;
const T0 = Date.parse('2020-02-19T11:30:00.000Z');

function kline(index: number, overrides: Partial<Kline> = {}): Kline {
  const openTime = T0 + index * M;
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, '1m')),
    open: '1.00000000',
    high: '2.00000000',
    low: '0.50000000',
    close: '1.50000000',
    volume: '3.00000000',
    trades: 4,
    isClosed: true,
    ...overrides,
  };
}

describe('auditKlines', () => {
  it('finds nothing when the store holds exactly the exchange’s closed klines, holes included', () => {
    const exchange = [kline(0), kline(1), kline(360), kline(361, { isClosed: false })];
    const audit = auditKlines(exchange, [kline(0), kline(1), kline(360)]);
    expect(isCleanAudit(audit)).toBe(true);
  });

  it('reports holes, extras and each differing field', () => {
    const exchange = [kline(0), kline(1), kline(2, { closeTime: '2020-02-19T11:32:14.788Z' })];
    const stored = [kline(0, { volume: '3.10000000', trades: 5 }), kline(2), kline(5)];
    expect(auditKlines(exchange, stored)).toEqual({
      holes: [kline(1).openTime],
      extras: [kline(5).openTime],
      mismatches: [
        {
          openTime: kline(0).openTime,
          differences: [
            { field: 'volume', exchange: '3.00000000', stored: '3.10000000' },
            { field: 'trades', exchange: 4, stored: 5 },
          ],
        },
        {
          openTime: kline(2).openTime,
          differences: [
            { field: 'closeTime', exchange: '2020-02-19T11:32:14.788Z', stored: kline(2).closeTime },
          ],
        },
      ],
    });
  });
});
