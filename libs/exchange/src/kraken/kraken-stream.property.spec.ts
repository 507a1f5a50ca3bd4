import { fc, test } from '@fast-check/jest';
import { EXCHANGE_HISTORY_START_MS } from '../exchange-history-start';
import type { StreamKline, StreamTrade } from '../live-stream';
import { MAX_CLOCK_LEAD_MS } from '../stream/frame-checks';
import { hostileKrakenFrame, inProcessStream, runHostileFrames } from '@pds/testing';
import { krakenWireFormat } from './kraken-wire-format';

// CONTRACT section 11, "Untrusted frames", over Kraken's decoder and the stream engine: whatever
// frames come, nothing throws out of the socket's handler, nothing emitted breaks a rule, and the
// valid trade after each hostile frame is emitted.

const DECIMAL = /^\d+(\.\d+)?$/;
const HISTORY_START = EXCHANGE_HISTORY_START_MS.kraken;
/** Room for the test's own run time on a busy machine. */
const SLACK_MS = 5_000;

function positiveDecimal(value: string): boolean {
  return DECIMAL.test(value) && value.replace(/\D/g, '').length <= 40 && /[1-9]/.test(value);
}

function inBounds(time: number): boolean {
  return (
    Number.isSafeInteger(time) && time >= HISTORY_START && time <= Date.now() + MAX_CLOCK_LEAD_MS + SLACK_MS
  );
}

function breaksRules(event: StreamTrade | StreamKline): boolean {
  if ('price' in event) {
    return !(
      positiveDecimal(event.price) &&
      positiveDecimal(event.quantity) &&
      inBounds(event.time) &&
      inBounds(event.eventTime)
    );
  }
  const { open, high, low, close, volume, trades } = event.kline;
  const value = Number;
  const good =
    [open, high, low, close].every(positiveDecimal) &&
    DECIMAL.test(volume) &&
    Number.isSafeInteger(trades) &&
    trades >= 0 &&
    inBounds(event.openTime) &&
    inBounds(event.eventTime) &&
    value(high) >= Math.max(value(open), value(close), value(low)) &&
    value(low) <= Math.min(value(open), value(close));
  return !good;
}

function validTrade(id: number, time: number): string {
  const timestamp = new Date(time).toISOString();
  return `{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"sell","price":97000.1,"qty":0.5,"ord_type":"market","trade_id":${id},"timestamp":"${timestamp}"}]}`;
}

const VALID_IDS_FROM = 9_000_000_000_000;

describe("Kraken's frames through the stream engine", () => {
  test.prop([fc.array(hostileKrakenFrame, { minLength: 1, maxLength: 20 })], { numRuns: 300 })(
    'never throw, never emit a value that breaks section 11, never hold back the valid trade after them',
    async (frames) => {
      const { trades, klines } = await runHostileFrames(krakenWireFormat, HISTORY_START, frames, validTrade);
      expect([...trades, ...klines].filter(breaksRules)).toEqual([]);
    },
  );

  test.prop([hostileKrakenFrame], { numRuns: 300 })(
    "as a connection's first frame, never throw and never keep the valid trade after it from being emitted",
    async (frame) => {
      const { stream, deliver, close } = inProcessStream(krakenWireFormat, { historyStartMs: HISTORY_START });
      await Promise.resolve();
      const trades: StreamTrade[] = [];
      stream.on('trade', (trade) => trades.push(trade));
      try {
        deliver(frame);
        deliver(validTrade(VALID_IDS_FROM, Date.now()));
        expect(trades.at(-1)?.id).toBe(VALID_IDS_FROM);
      } finally {
        await close();
      }
    },
  );
});
