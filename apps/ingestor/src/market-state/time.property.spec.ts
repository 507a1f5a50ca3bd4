import { fc, test } from '@fast-check/jest';
import {
  binanceWireFormat,
  EXCHANGE_HISTORY_START_MS,
  MAX_CLOCK_LEAD_MS,
  TRADE_ID_REORDER_WINDOW,
} from '@pds/exchange';
import { compareDecimals, type Interval, intervalMs, openTimeOf } from '@pds/market';
import { inProcessStream } from '@pds/testing';
import { MarketState } from './market-state';
import type { WriteStep } from './write-step';

// Time is the service's own (issue 52, CONTRACT section 11): Binance's decoder → the stream engine
// → the in-memory market, on a fake service clock. Whatever mix of valid, forged-but-in-bounds and
// invalid frames arrives, every kline written is on its grid, low ≤ open, close ≤ high, none is
// closed before its close time by the clock, none stays open after its slot once the clock's minute
// passed, and after the sequence the next valid trade is served.

const START = Date.UTC(2026, 10, 28, 20, 30, 40);
const INTERVALS: readonly Interval[] = ['1m', '5m', '1h', '1d'];

type Event =
  | { readonly kind: 'advance'; readonly ms: number }
  | { readonly kind: 'trade'; readonly cents: number }
  /** Inside the 60 s: the exchange's next id, an id far above, or one below, dated up to 60 s ahead. */
  | {
      readonly kind: 'forged';
      readonly lead: number;
      readonly id: 'next' | 'far' | 'below';
      readonly cents: number;
    }
  | { readonly kind: 'ahead'; readonly lead: number }
  | {
      readonly kind: 'push';
      readonly interval: Interval;
      readonly closed: boolean;
      readonly offGridMs: number;
    }
  | { readonly kind: 'pastClose'; readonly interval: Interval }
  /** A minute of the service's clock passed: slots ended without an event roll over. */
  | { readonly kind: 'clock' };

const cents = fc.integer({ min: 9_600_000, max: 9_800_000 });
const interval = fc.constantFrom(...INTERVALS);
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 90_000 }) }),
  fc.record({ kind: fc.constant('trade' as const), cents }),
  fc.record({
    kind: fc.constant('forged' as const),
    lead: fc.integer({ min: 0, max: MAX_CLOCK_LEAD_MS }),
    id: fc.constantFrom('next' as const, 'far' as const, 'below' as const),
    cents,
  }),
  fc.record({
    kind: fc.constant('ahead' as const),
    lead: fc.integer({ min: MAX_CLOCK_LEAD_MS + 1, max: 1e9 }),
  }),
  fc.record({
    kind: fc.constant('push' as const),
    interval,
    closed: fc.boolean(),
    offGridMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 59_999 })),
  }),
  fc.record({ kind: fc.constant('pastClose' as const), interval }),
  fc.record({ kind: fc.constant('clock' as const) }),
);

const price = (value: number): string => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

function tradeFrame(id: number, time: number, value: string): string {
  const data = { e: 'trade', E: time, s: 'BTCUSDT', t: id, p: value, q: '0.5', T: time, m: false };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

function pushFrame(
  of: Interval,
  openTime: number,
  closed: boolean,
  lastId: number,
  eventTime: number,
): string {
  const k = {
    t: openTime,
    T: openTimeOf(openTime, of) + intervalMs(of) - 1,
    s: 'BTCUSDT',
    i: of,
    f: lastId,
    L: lastId,
    o: '97000.00',
    c: '97001.00',
    h: '97010.00',
    l: '96990.00',
    v: '0.5',
    n: 1,
    x: closed,
  };
  return JSON.stringify({
    stream: `btcusdt@kline_${of}`,
    data: { e: 'kline', E: eventTime, s: 'BTCUSDT', k },
  });
}

/** After a clock step, no interval's open kline is of a grid slot that ended before `now`. */
function endedOpenKlines(state: MarketState, now: number): string[] {
  return INTERVALS.flatMap((of) => {
    const open = state.openKline(of);
    const slot = open && openTimeOf(Date.parse(open.openTime), of);
    return slot !== undefined && slot < openTimeOf(now, of) ? [`${of} ${open?.openTime} open at ${now}`] : [];
  });
}

function klineFaults(step: WriteStep | undefined, now: number): string[] {
  if (!step) return [];
  return step.klines.flatMap(({ interval: of, kind, kline }) => {
    const faults: string[] = [];
    const { open, high, low, close } = kline;
    const openTime = Date.parse(kline.openTime);
    if (openTime !== openTimeOf(openTime, of)) faults.push(`${of} ${kline.openTime} off the grid`);
    const ohlc = [open, close].every(
      (value) => compareDecimals(low, value) <= 0 && compareDecimals(value, high) <= 0,
    );
    if (!ohlc) faults.push(`${of} ${kline.openTime} o ${open} h ${high} l ${low} c ${close}`);
    const closed = kind !== 'open' || kline.isClosed;
    if (closed && Date.parse(kline.closeTime) >= now) faults.push(`${of} ${kline.openTime} closed at ${now}`);
    return faults;
  });
}

test.prop([fc.array(event, { minLength: 1, maxLength: 40 })], { numRuns: 300 })(
  'whatever frames come, klines stay on the grid, consistent and open until their close time, and the next valid trade is served',
  async (events) => {
    let now = START;
    const { stream, deliver, close } = inProcessStream(binanceWireFormat, {
      historyStartMs: EXCHANGE_HISTORY_START_MS.binance,
      now: () => now,
    });
    await Promise.resolve();
    const state = new MarketState(() => now);
    const faults: string[] = [];
    stream.on('trade', (trade) => faults.push(...klineFaults(state.onTrade(trade), now)));
    stream.on('kline', (push) => faults.push(...klineFaults(state.onKline(push), now)));
    // The exchange's next trade id; the state's newest valid trade time never goes back.
    let nextId = 5_000_000;
    try {
      deliver(tradeFrame(nextId++, now, '97000.00'));
      for (const of of INTERVALS) deliver(pushFrame(of, openTimeOf(now, of), false, nextId - 1, now));
      for (const next of events) {
        if (next.kind === 'advance') now += next.ms;
        else if (next.kind === 'trade') deliver(tradeFrame(nextId++, now, price(next.cents)));
        else if (next.kind === 'forged') {
          const id = { next: nextId++, far: nextId + TRADE_ID_REORDER_WINDOW + 1, below: nextId - 100 }[
            next.id
          ];
          deliver(tradeFrame(id, now + next.lead, price(next.cents)));
        } else if (next.kind === 'ahead') deliver(tradeFrame(nextId + 7, now + next.lead, '1.00'));
        else if (next.kind === 'push') {
          const openTime = openTimeOf(now, next.interval) + next.offGridMs;
          deliver(pushFrame(next.interval, openTime, next.closed, nextId - 1, now));
        } else if (next.kind === 'clock') {
          faults.push(...klineFaults(state.onClock(), now), ...endedOpenKlines(state, now));
        } else {
          const previous = openTimeOf(now, next.interval) - intervalMs(next.interval);
          deliver(pushFrame(next.interval, previous, true, nextId - 1, now));
        }
      }
      const traded = tradeFrame(nextId, now, '97123.45');
      deliver(traded);
      expect(faults).toEqual([]);
      expect(state.price).toEqual({ price: '97123.45', time: new Date(now).toISOString() });
    } finally {
      await close();
    }
  },
);
