import { INTERVALS, type Interval, intervalMs } from '@pds/market';
import { mergeAll } from './bar';
import { HaltCalendar } from './halts';
import type { SimKline } from './kline';
import { KlineHistory } from './kline-history';
import { KlineSlots } from './kline-slots';
import { LiveTape, MINUTE_MS } from './live-tape';
import { SyntheticMarket } from './synthetic-market';

const DAY_MINUTES = 1440;
const LISTING = 20_000 * DAY_MINUTES + 240; // 04:00 of a day, like BTCUSDT's listing
const START = 20_100 * DAY_MINUTES + 725; // the sim starts at 12:05 a hundred days later

/** The grid kline of `interval` opening at `openTime`. */
function klineAt(history: KlineHistory, interval: Interval, openTime: number): SimKline | undefined {
  return history.kline(interval, new KlineSlots(interval, new HaltCalendar([])).gridSlot(openTime));
}

function setUp(): { history: KlineHistory; tape: LiveTape; synthetic: SyntheticMarket } {
  const synthetic = new SyntheticMarket(9, 9_700_000);
  const tape = new LiveTape(START, synthetic.closeAt(START - 1));
  const history = new KlineHistory(synthetic, tape, LISTING);
  let id = 1;
  // Two live trades a minute for 20 minutes, then the tape stands in minute START + 20.
  for (let minute = START; minute < START + 20; minute += 1) {
    tape.advanceTo(minute);
    for (const second of [5, 40]) {
      tape.record({
        id,
        priceTicks: 9_700_000 + id,
        quantitySteps: 1000 + id,
        time: minute * MINUTE_MS + second * 1000,
        buyerIsMaker: id % 2 === 0,
      });
      id += 1;
    }
  }
  tape.advanceTo(START + 20);
  return { history, tape, synthetic };
}

const SMALLER: Partial<Record<Interval, Interval>> = {
  '5m': '1m',
  '15m': '5m',
  '30m': '15m',
  '1h': '30m',
  '4h': '1h',
  '6h': '1h',
  '12h': '6h',
  '1d': '12h',
};

describe('KlineHistory', () => {
  it('makes each interval exactly the merge of the smaller one, across the synthetic/live join', () => {
    const { history } = setUp();
    const day = Math.floor(START / DAY_MINUTES) * DAY_MINUTES * MINUTE_MS;
    for (const interval of INTERVALS) {
      const part = SMALLER[interval];
      if (!part) continue;
      const length = intervalMs(interval);
      // The kline holding the sim's start: part synthetic, part live.
      const openTime = day + Math.floor((START * MINUTE_MS - day) / length) * length;
      const parts = [];
      for (let time = openTime; time < openTime + length; time += intervalMs(part))
        parts.push(klineAt(history, part, time)?.bar);
      expect(klineAt(history, interval, openTime)?.bar).toEqual(
        mergeAll(parts.filter((bar) => bar !== undefined)),
      );
    }
  });

  it('starts the live tape at the synthetic close, and books live trades into the minute', () => {
    const { history, synthetic } = setUp();
    const first = klineAt(history, '1m', START * MINUTE_MS);
    expect(first?.bar.trades).toBe(2);
    expect(first?.bar.open).toBe(9_700_001);
    expect(klineAt(history, '1m', (START - 1) * MINUTE_MS)?.bar.close).toBe(synthetic.closeAt(START - 1));
  });

  it('shows a minute without trades at the last price with no volume', () => {
    const { history } = setUp();
    const open = klineAt(history, '1m', (START + 20) * MINUTE_MS);
    expect(open?.bar).toMatchObject({
      open: 9_700_040,
      high: 9_700_040,
      low: 9_700_040,
      close: 9_700_040,
      trades: 0,
      volume: 0n,
    });
    expect(open?.bar.firstTradeId).toBe(-1);
  });

  it('has no kline before the listing or after now, and a partial first day', () => {
    const { history } = setUp();
    const listingDay = (LISTING - 240) * MINUTE_MS;
    expect(klineAt(history, '1d', listingDay - 86_400_000)).toBeUndefined();
    expect(klineAt(history, '1m', (LISTING - 1) * MINUTE_MS)).toBeUndefined();
    expect(klineAt(history, '1m', (START + 21) * MINUTE_MS)).toBeUndefined();
    expect(history.firstOpenTime('1d')).toBe(listingDay);
    // The listing day holds 20 of its 24 hours: the 4h blocks from 04:00 on.
    const blocks = [1, 2, 3, 4, 5].map(
      (block) => klineAt(history, '4h', listingDay + block * 4 * 3_600_000)?.bar,
    );
    expect(klineAt(history, '4h', listingDay)).toBeUndefined();
    expect(klineAt(history, '1d', listingDay)?.bar).toEqual(
      mergeAll(blocks.filter((bar) => bar !== undefined)),
    );
  });

  it('answers the same whether hours were prefetched or merged one by one', () => {
    const { history } = setUp();
    const { history: twin } = setUp();
    const days = Array.from({ length: 30 }, (_, day) => (20_070 + day) * DAY_MINUTES * MINUTE_MS);
    twin.prefetch((days[0] ?? 0) / MINUTE_MS, (days.at(-1) ?? 0) / MINUTE_MS + DAY_MINUTES);
    for (const openTime of days)
      expect(klineAt(twin, '1d', openTime)).toEqual(klineAt(history, '1d', openTime));
  });
});
