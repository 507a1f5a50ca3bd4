import { fc, test } from '@fast-check/jest';
import {
  binanceWireFormat,
  checkKline,
  EXCHANGE_HISTORY_START_MS,
  timeBounds,
  TRADE_ID_REORDER_WINDOW,
} from '@pds/exchange';
import { compareDecimals, INTERVALS, openTimeOf } from '@pds/market';
import { hostileBinanceFrame, inProcessStream } from '@pds/testing';
import { MarketState } from './market-state';
import type { WriteStep } from './write-step';

// The in-process half of the ingest step (CONTRACT section 11): Binance's decoder → the stream
// engine → the in-memory market. Whatever frames come, nothing throws, no step carries a value
// that breaks a rule, and the valid trade after each hostile frame is the price served.

/** Room for the test's own run time on a busy machine. */
const SLACK_MS = 5_000;

function breaksRules(step: WriteStep): string | undefined {
  const bounds = timeBounds(EXCHANGE_HISTORY_START_MS.binance, Date.now() + SLACK_MS);
  if (step.price) {
    const time = Date.parse(step.price.time);
    if (compareDecimals(step.price.price, '0') <= 0) return `price ${step.price.price}`;
    if (!(time >= bounds.notBefore && time <= bounds.notAfter)) return `price time ${step.price.time}`;
  }
  for (const { kline } of step.klines) {
    const refusal = checkKline(kline, bounds);
    if (refusal) return `${refusal}: ${JSON.stringify(kline)}`;
  }
  return undefined;
}

function validTrade(id: number, time: number, price: string): string {
  const data = { e: 'trade', E: time, s: 'BTCUSDT', t: id, p: price, q: '0.5', T: time, m: false };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

/** The exchange's pushes that give every interval a base, so trades move the open klines. */
function validPushes(time: number, lastTradeId: number): string[] {
  return INTERVALS.map((interval) => {
    const openTime = openTimeOf(time, interval);
    const k = {
      t: openTime,
      T: openTime + 59_999,
      s: 'BTCUSDT',
      i: interval,
      f: lastTradeId,
      L: lastTradeId,
      o: '97000.00',
      c: '97000.00',
      h: '97000.00',
      l: '97000.00',
      v: '0.5',
      n: 1,
      x: false,
    };
    return JSON.stringify({
      stream: `btcusdt@kline_${interval}`,
      data: { e: 'kline', E: time, s: 'BTCUSDT', k },
    });
  });
}

test.prop([fc.array(hostileBinanceFrame, { minLength: 1, maxLength: 15 })], { numRuns: 200 })(
  'hostile frames never throw, never reach a step that breaks section 11, never stop the next valid trade being served',
  async (frames) => {
    const { stream, deliver, close } = inProcessStream(binanceWireFormat, {
      historyStartMs: EXCHANGE_HISTORY_START_MS.binance,
    });
    await Promise.resolve();
    const state = new MarketState();
    const steps: WriteStep[] = [];
    stream.on('trade', (trade) => steps.push(state.onTrade(trade)));
    stream.on('kline', (push) => steps.push(state.onKline(push)));
    let nextId = 9_000_000_000_000;
    try {
      const start = Date.now();
      deliver(validTrade(nextId, start, '97000.00'));
      for (const push of validPushes(start, nextId++)) deliver(push);
      for (const [index, frame] of frames.entries()) {
        deliver(frame);
        // A trade the rules accept with its id within the exchange's reorder window of the next one
        // is the exchange's newest by its order: the exchange's next id comes after it. One further
        // above is outranked by the next (TRADE_ID_REORDER_WINDOW), whose id stays as it was.
        const served = steps.at(-1)?.priceTradeId;
        if (served !== undefined && served >= nextId && served - nextId <= TRADE_ID_REORDER_WINDOW) {
          nextId = served + 1;
        }
        // The exchange's next trade: the next id, dated now (the price follows the exchange's order,
        // not the largest time a hostile frame may have claimed inside the 60 s).
        const time = Date.now();
        const price = `97${String(index).padStart(3, '0')}.50`;
        deliver(validTrade(nextId++, time, price));
        expect(state.price?.price).toBe(price);
      }
      expect(steps.map(breaksRules).filter(Boolean)).toEqual([]);
    } finally {
      await close();
    }
  },
);
