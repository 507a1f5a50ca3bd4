import type { KlinePage } from '@pds/exchange';
import { PAGE_KLINES, type Span } from '@pds/market';
import { FIXTURE_START, fixtureKline, MINUTE } from '@pds/testing';
import type { KlineFetcher } from '../exchange/kline-fetcher';
import { HistoryFiller } from './history-filler';
import type { KlineStore } from './kline-store';

const START = FIXTURE_START;

describe('HistoryFiller', () => {
  it('should fetch each page of a range once, even when the store forgets a page as soon as it is saved (retention trimming an old range)', async () => {
    const range: Span = { from: START, to: START + (2 * PAGE_KLINES - 1) * MINUTE };
    const asked: number[] = [];
    const fetcher = {
      exchangeNow: () => Date.parse('2026-01-01T00:00:00.000Z'),
      forward: (_symbol: string, _interval: string, start: number, limit: number): Promise<KlinePage> => {
        asked.push(start);
        if (asked.length > 4) throw new Error('the fill asked again for what it had fetched');
        const first = (start - START) / MINUTE;
        const klines = Array.from({ length: limit }, (_, index) => fixtureKline(first + index));
        return Promise.resolve({ klines, usedWeight: undefined, exchangeTime: Date.now() });
      },
    } as unknown as KlineFetcher;
    // A store under retention: whatever is asked of the old range is unknown again at once.
    const store = {
      unknown: (_symbol: string, _interval: string, span: Span) =>
        Promise.resolve(span.to < span.from ? [] : [span]),
      save: (_symbol: string, _interval: string, klines: readonly unknown[]) =>
        Promise.resolve(klines.length),
    } as unknown as KlineStore;

    const outcome = await new HistoryFiller(store, fetcher).fill('btcusdt', '1m', range);

    expect(asked).toEqual([START, START + PAGE_KLINES * MINUTE]);
    expect(outcome).toMatchObject({ requests: 2, stored: 2 * PAGE_KLINES });
  });
});
