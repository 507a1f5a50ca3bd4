import type { Interval, Kline } from '@pds/market';
import { mergeSteps, stepsByExchange } from './merge-steps';
import type { KlineWrite, WriteStep } from './write-step';

const kline = (openTime: string, close: string, isClosed = false): Kline => ({
  openTime,
  closeTime: openTime,
  open: '1.0',
  high: '1.0',
  low: '1.0',
  close,
  volume: '1.0',
  trades: 1,
  isClosed,
});
const write = (interval: Interval, kind: KlineWrite['kind'], k: Kline): KlineWrite => ({
  interval,
  kind,
  kline: k,
});
const step = (eventTime: number, price: string | undefined, klines: KlineWrite[]): WriteStep => ({
  eventTime,
  price: price === undefined ? undefined : { price, time: new Date(eventTime).toISOString() },
  klines,
});

describe('mergeSteps', () => {
  it('should reach the same end state merged in chunks as at once (a burst is merged as it queues)', () => {
    const steps = Array.from({ length: 10 }, (_, index) =>
      step(index + 1, `${10 + index}.0`, [
        write(
          '1m',
          index % 3 === 0 ? 'closed-if-absent' : 'closed',
          kline(`C${index % 4}`, `${index}.0`, true),
        ),
        write('1m', 'open', kline(`O${index}`, `${index}.0`)),
        write('5m', 'open', kline('P', `${index}.0`)),
      ]),
    );
    const endState = (merged: WriteStep): unknown => ({
      ...merged,
      klines: [...merged.klines].sort((a, b) =>
        `${a.interval}${a.kind}${a.kline.openTime}`.localeCompare(
          `${b.interval}${b.kind}${b.kline.openTime}`,
        ),
      ),
    });
    const chunked = mergeSteps([
      mergeSteps(steps.slice(0, 4)),
      mergeSteps(steps.slice(4, 7)),
      ...steps.slice(7),
    ]);
    expect(endState(chunked)).toEqual(endState(mergeSteps(steps)));
  });

  it('should keep the last price, the newest event time and the last open kline of each interval', () => {
    const merged = mergeSteps([
      step(1, '10.0', [write('1m', 'open', kline('A', '10.0')), write('5m', 'open', kline('B', '10.0'))]),
      step(2, '11.0', [write('1m', 'open', kline('A', '11.0'))]),
      step(3, undefined, []),
    ]);
    expect(merged.eventTime).toBe(3);
    expect(merged.price?.price).toBe('11.0');
    expect(merged.klines.map((w) => `${w.interval}:${w.kline.close}`)).toEqual(['5m:10.0', '1m:11.0']);
  });

  it('should write a rollover as the closed kline before the new open one', () => {
    const merged = mergeSteps([
      step(1, '10.0', [write('1m', 'open', kline('A', '10.0'))]),
      step(2, '12.0', [
        write('1m', 'closed-if-absent', kline('A', '10.0', true)),
        write('1m', 'open', kline('B', '12.0')),
      ]),
    ]);
    expect(merged.klines.map((w) => `${w.kind}:${w.kline.openTime}`)).toEqual([
      'closed-if-absent:A',
      'open:B',
    ]);
  });

  it("should let the exchange's final kline win over the service's own close of the same interval", () => {
    const merged = mergeSteps([
      step(1, undefined, [write('1m', 'closed', kline('A', '10.5', true))]),
      step(2, undefined, [write('1m', 'closed-if-absent', kline('A', '10.0', true))]),
    ]);
    expect(merged.klines).toEqual([write('1m', 'closed', kline('A', '10.5', true))]);
  });

  it('should return a single step as it is', () => {
    const only = step(5, '1.0', []);
    expect(mergeSteps([only])).toBe(only);
  });
});

describe('stepsByExchange', () => {
  const of = (eventTime: number, exchange?: string): WriteStep => ({
    ...step(eventTime, '1.0', []),
    ...(exchange === undefined ? {} : { exchange }),
  });

  it("should split the queue at each switch, so no merged step names one exchange for another one's values", () => {
    const runs = stepsByExchange([
      of(1, 'binance'),
      of(2, 'binance'),
      of(3, 'kraken'),
      of(4),
      of(5, 'binance'),
    ]);
    expect(runs.map((run) => run.map((queued) => queued.eventTime))).toEqual([[1, 2], [3, 4], [5]]);
    expect(runs.map((run) => mergeSteps(run).exchange)).toEqual(['binance', 'kraken', 'binance']);
  });
});
