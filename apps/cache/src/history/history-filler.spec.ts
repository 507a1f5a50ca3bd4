import type { KlinePage } from '@pds/exchange';
import { closeTimeOf, type Kline, PAGE_KLINES, type Span, toIsoTime } from '@pds/market';
import type { KlineFetcher } from '../exchange/kline-fetcher';
import { HistoryFiller } from './history-filler';
import type { KlineStore } from './kline-store';

const MINUTE = 60_000;
const START = Date.parse('2023-06-01T00:00:00.000Z');

function closedKline(openTime: number): Kline {
  return {
    openTime: toIsoTime(openTime),
    closeTime: toIsoTime(closeTimeOf(openTime, '1m')),
    open: '1.00000000',
    high: '1.00000000',
    low: '1.00000000',
    close: '1.00000000',
    volume: '1.00000000',
    trades: 1,
    isClosed: true,
  };
}

describe('HistoryFiller', () => {
  it('should fetch each page of a range once, even when the store forgets a page as soon as it is saved (retention trimming an old range)', async () => {
    const range: Span = { from: START, to: START + (2 * PAGE_KLINES - 1) * MINUTE };
    const asked: number[] = [];
    const fetcher = {
      exchangeNow: () => Date.parse('2026-01-01T00:00:00.000Z'),
      forward: (_symbol: string, _interval: string, start: number, limit: number): Promise<KlinePage> => {
        asked.push(start);
        if (asked.length > 4) throw new Error('the fill asked again for what it had fetched');
        const klines = Array.from({ length: limit }, (_, index) => closedKline(start + index * MINUTE));
        return Promise.resolve({ klines, usedWeight: undefined, exchangeTime: Date.now() });
      },
    } as unknown as KlineFetcher;
    // A store under retention: whatever is asked of the old range is unknown again at once.
    const store = {
      unknown: (_symbol: string, _interval: string, span: Span) =>
        Promise.resolve(span.to < span.from ? [] : [span]),
      save: (_symbol: string, _interval: string, klines: readonly Kline[]) => Promise.resolve(klines.length),
    } as unknown as KlineStore;

    const outcome = await new HistoryFiller(store, fetcher).fill('btcusdt', '1m', range);

    expect(asked).toEqual([START, START + PAGE_KLINES * MINUTE]);
    expect(outcome).toMatchObject({ requests: 2, stored: 2 * PAGE_KLINES });
  });
});
