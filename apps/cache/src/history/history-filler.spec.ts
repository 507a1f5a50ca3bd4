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

  it('should store the rest of a page with a refused row, record its span as a refused page and go on to the next page', async () => {
    const range: Span = { from: START, to: START + (2 * PAGE_KLINES - 1) * MINUTE };
    const asked: number[] = [];
    const fetcher = {
      forward: (_symbol: string, _interval: string, start: number, limit: number): Promise<KlinePage> => {
        asked.push(start);
        const first = (start - START) / MINUTE;
        const all = Array.from({ length: limit }, (_, index) => fixtureKline(first + index));
        // The exchange's answer had `limit` rows; the one at index 10 was refused.
        const klines = all.filter((_, index) => index !== 10);
        const refused = [{ reason: 'ohlc' as const, detail: 'ohlc: kline row 10' }];
        return Promise.resolve({
          klines,
          usedWeight: undefined,
          exchangeTime: Date.now(),
          refused,
          rows: limit,
        });
      },
    } as unknown as KlineFetcher;
    const saved: {
      from: number | undefined;
      to: number | undefined;
      klines: number;
      refusedRows: boolean;
    }[] = [];
    let known: Span[] = [];
    const store = {
      unknown: (_symbol: string, _interval: string, span: Span) =>
        Promise.resolve(known.some((each) => each.from <= span.from && each.to >= span.to) ? [] : [span]),
      save: (
        _symbol: string,
        _interval: string,
        klines: readonly unknown[],
        covered?: Span,
        refusedRows = false,
      ) => {
        saved.push({ from: covered?.from, to: covered?.to, klines: klines.length, refusedRows });
        if (covered) known = [...known, covered];
        return Promise.resolve(klines.length);
      },
    } as unknown as KlineStore;

    const filler = new HistoryFiller(store, fetcher);
    const outcome = await filler.fill('btcusdt', '1m', range);

    const secondPage = START + PAGE_KLINES * MINUTE;
    expect(asked).toEqual([START, secondPage]);
    expect(saved).toEqual([
      { from: START, to: secondPage - MINUTE, klines: PAGE_KLINES - 1, refusedRows: true },
      { from: secondPage, to: range.to, klines: PAGE_KLINES - 1, refusedRows: true },
    ]);
    expect(outcome).toMatchObject({ requests: 2, stored: 2 * (PAGE_KLINES - 1), knownTo: range.to });
  });
});
