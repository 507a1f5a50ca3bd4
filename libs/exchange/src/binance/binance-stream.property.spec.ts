import { fc, test } from '@fast-check/jest';
import { EXCHANGE_HISTORY_START_MS } from '../exchange-history-start';
import type { StreamKline, StreamTrade } from '../live-stream';
import { MAX_CLOCK_LEAD_MS } from '../stream/frame-checks';
import { hostileBinanceFrame, inProcessStream, runHostileFrames } from '@pds/testing';
import { binanceWireFormat } from './binance-wire-format';

// CONTRACT section 11, "Untrusted frames", over Binance's decoder and the stream engine (Binance.US
// shares both): whatever frames come, nothing throws out of the socket's handler, nothing emitted
// breaks a rule, and the valid trade after each hostile frame is emitted.

const DECIMAL = /^\d+(\.\d+)?$/;
/** Room for the test's own run time on a busy machine. */
const SLACK_MS = 5_000;

function positiveDecimal(value: string): boolean {
  return DECIMAL.test(value) && value.replace(/\D/g, '').length <= 40 && /[1-9]/.test(value);
}

function inBounds(time: number, historyStartMs: number): boolean {
  return (
    Number.isSafeInteger(time) && time >= historyStartMs && time <= Date.now() + MAX_CLOCK_LEAD_MS + SLACK_MS
  );
}

function breaksTradeRules(trade: StreamTrade, historyStartMs: number): boolean {
  const good =
    positiveDecimal(trade.price) &&
    positiveDecimal(trade.quantity) &&
    inBounds(trade.time, historyStartMs) &&
    inBounds(trade.eventTime, historyStartMs);
  return !good;
}

function breaksKlineRules(push: StreamKline, historyStartMs: number): boolean {
  const { open, high, low, close, volume, trades } = push.kline;
  const value = (decimal: string): number => Number(decimal);
  const good =
    [open, high, low, close].every(positiveDecimal) &&
    DECIMAL.test(volume) &&
    Number.isSafeInteger(trades) &&
    trades >= 0 &&
    inBounds(push.openTime, historyStartMs) &&
    inBounds(push.eventTime, historyStartMs) &&
    value(high) >= Math.max(value(open), value(close), value(low)) &&
    value(low) <= Math.min(value(open), value(close));
  return !good;
}

function validTrade(id: number, time: number): string {
  const data = { e: 'trade', E: time, s: 'BTCUSDT', t: id, p: '97000.10', q: '0.5', T: time, m: false };
  return JSON.stringify({ stream: 'btcusdt@trade', data });
}

const VALID_IDS_FROM = 9_000_000_000_000;

describe.each([
  ['binance', EXCHANGE_HISTORY_START_MS.binance],
  ['binance-us', EXCHANGE_HISTORY_START_MS['binance-us']],
])("%s's frames through the stream engine", (_name, historyStartMs) => {
  test.prop([fc.array(hostileBinanceFrame, { minLength: 1, maxLength: 20 })], { numRuns: 300 })(
    'never throw, never emit a value that breaks section 11, never hold back the valid trade after them',
    async (frames) => {
      const { trades, klines } = await runHostileFrames(
        binanceWireFormat,
        historyStartMs,
        frames,
        validTrade,
      );
      expect(trades.filter((trade) => breaksTradeRules(trade, historyStartMs))).toEqual([]);
      expect(klines.filter((push) => breaksKlineRules(push, historyStartMs))).toEqual([]);
    },
  );
});

describe('the first frame of a connection', () => {
  test.prop([hostileBinanceFrame], { numRuns: 300 })(
    'never throws and never keeps the valid trade after it from being emitted',
    async (frame) => {
      const { stream, deliver, close } = inProcessStream(binanceWireFormat, {
        historyStartMs: EXCHANGE_HISTORY_START_MS.binance,
      });
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
