import { withSource } from '@pds/redis';
import { type KlinesWindow, selectKlines } from '../klines/klines-selection';
import { MirroredKlines } from '../mirror/mirrored-klines';
import { klinesBody, KlinesBodies } from './klines-bodies';

const MINUTE = 60_000;
const json = (index: number, isClosed: boolean, close = '1.00'): string =>
  JSON.stringify({ openTime: new Date(index * MINUTE).toISOString(), isClosed, close });
const stored = (index: number) => ({ openTime: index * MINUTE, json: json(index, true) });

/** Closed klines 0 to 9 and the open kline 10, as the mirror holds them after a seed. */
function seeded(): MirroredKlines {
  const series = new MirroredKlines(20);
  series.install({
    open: withSource(json(10, false), 'binance'),
    closed: Array.from({ length: 10 }, (_, i) => stored(i)),
  });
  return series;
}

/** The mirror's selection, as MarketDataService makes it (history is complete here), counted. */
function bodiesOf(series: MirroredKlines): { bodies: KlinesBodies; selections: () => number } {
  let selections = 0;
  const select = (window: KlinesWindow) => {
    selections += 1;
    const read = series.read(window);
    return read && selectKlines(read.closed, read.open, window);
  };
  return { bodies: new KlinesBodies(series, select), selections: () => selections };
}

/** What the answer must be: the selection joined and encoded in one go. */
function expected(series: MirroredKlines, window: KlinesWindow): string | undefined {
  const read = series.read(window);
  return read && klinesBody(selectKlines(read.closed, read.open, window));
}

const WINDOWS: readonly KlinesWindow[] = [
  { limit: 500 },
  { limit: 1 },
  { limit: 3 },
  { limit: 4, from: 2 * MINUTE },
  { limit: 500, from: 2 * MINUTE },
  { limit: 500, to: 5 * MINUTE },
  { limit: 2, from: 8 * MINUTE, to: 20 * MINUTE },
];

describe('KlinesBodies', () => {
  it('should answer every window exactly as its klines joined, across trades and a rollover', () => {
    const series = seeded();
    const { bodies } = bodiesOf(series);
    const check = () => {
      for (const window of WINDOWS)
        expect(bodies.answer(window)?.body.toString()).toBe(expected(series, window));
    };
    check();
    series.apply(withSource(json(10, false, '2.00'), 'kraken'));
    check();
    series.apply(json(10, true, '2.50'));
    series.apply(withSource(json(11, false, '3.00'), 'kraken'));
    check();
  });

  it('should name the open kline exchange only when the open kline ends the answer', () => {
    const series = seeded();
    const { bodies } = bodiesOf(series);
    expect(bodies.answer({ limit: 500 })?.source).toBe('binance');
    expect(bodies.answer({ limit: 500, to: 5 * MINUTE })?.source).toBeUndefined();
    series.apply(withSource(json(10, false, '2.00'), 'kraken'));
    expect(bodies.answer({ limit: 500 })?.source).toBe('kraken');
  });

  it('should build an answer once per version, and select the closed klines once per slot', () => {
    const series = seeded();
    const { bodies, selections } = bodiesOf(series);
    const first = bodies.answer({ limit: 500 });
    expect(bodies.answer({ limit: 500 })).toBe(first);
    series.apply(withSource(json(10, false, '2.00'), 'binance'));
    const traded = bodies.answer({ limit: 500 });
    expect(traded).not.toBe(first);
    expect(selections()).toBe(1);
    series.apply(json(10, true, '2.50'));
    bodies.answer({ limit: 500 });
    expect(selections()).toBe(2);
  });

  it('should leave a window the mirror cannot answer, or one without an open kline, to Redis', () => {
    const series = seeded();
    const { bodies } = bodiesOf(series);
    const full = new MirroredKlines(3);
    full.install({ open: json(10, false), closed: [stored(7), stored(8), stored(9)] });
    expect(bodiesOf(full).bodies.answer({ limit: 500 })).toBeUndefined();
    series.install({ open: null, closed: [stored(1)] });
    expect(bodies.answer({ limit: 500 })).toBeUndefined();
  });
});
