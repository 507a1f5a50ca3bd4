/**
 * Hostile frames (issue 33, CONTRACT section 11 "Untrusted frames") in each exchange's real wire
 * format: Binance's combined stream (`{"stream","data"}`, as the simulator's publisher writes it) and
 * Kraken's WebSocket v2 (`{"channel","type","data":[...]}`, numbers as JSON numbers).
 */

/** What a frame is built from: the newest real trade id, the exchange clock, a closed minute of the hour. */
export interface FrameContext {
  readonly lastTradeId: number;
  readonly now: number;
  /** The openTime of a closed 1m kline the service already serves. */
  readonly pastMinute: number;
}

export interface HostileCase {
  readonly name: string;
  frame(context: FrameContext): string | Buffer;
}

const MIB = 1024 * 1024;
const FAR_FUTURE = Date.parse('2200-01-01T00:00:00.000Z');
const HUGE_ID = 2 ** 53 - 1;
/** Past the end of JavaScript's Date range (8.64e15 ms). */
const TIME_PAST_DATE_RANGE = 9e15;
/** The last time a JavaScript Date can hold, as Kraken would print it (its times are strings). */
const KRAKEN_END_OF_DATE_RANGE = '+275760-09-13T00:00:00.000000Z';

function binanceTrade(context: FrameContext, fields: Record<string, unknown>, symbol = 'BTCUSDT'): string {
  const data = {
    e: 'trade',
    E: context.now,
    s: symbol,
    t: context.lastTradeId + 1,
    p: '97123.45000000',
    q: '0.01000000',
    T: context.now,
    m: false,
    M: true,
    ...fields,
  };
  return JSON.stringify({ stream: `${symbol.toLowerCase()}@trade`, data });
}

/** A closed 1m kline whose high is below its low. */
function binanceInvertedKline(context: FrameContext): string {
  const k = {
    t: context.pastMinute,
    T: context.pastMinute + 59_999,
    s: 'BTCUSDT',
    i: '1m',
    f: 1,
    L: 3,
    o: '97000.00000000',
    c: '97000.00000000',
    h: '90000.00000000',
    l: '99000.00000000',
    v: '1.00000000',
    n: 3,
    x: true,
    q: '97000.00000000',
    V: '0.50000000',
    Q: '48500.00000000',
    B: '0',
  };
  return JSON.stringify({
    stream: 'btcusdt@kline_1m',
    data: { e: 'kline', E: context.now, s: 'BTCUSDT', k },
  });
}

export const BINANCE_CASES: readonly HostileCase[] = [
  { name: 'a trade dated 2200-01-01', frame: (c) => binanceTrade(c, { T: FAR_FUTURE }) },
  { name: 'a trade id of 2^53-1', frame: (c) => binanceTrade(c, { t: HUGE_ID }) },
  { name: 'a trade time of 9e15 ms', frame: (c) => binanceTrade(c, { T: TIME_PAST_DATE_RANGE }) },
  { name: 'a price of 0', frame: (c) => binanceTrade(c, { p: '0.00000000' }) },
  { name: 'a price of -1', frame: (c) => binanceTrade(c, { p: '-1.00000000' }) },
  { name: 'a closed past kline with high below low', frame: binanceInvertedKline },
  { name: 'malformed JSON', frame: (c) => binanceTrade(c, {}).slice(0, -7) },
  { name: 'a frame for another symbol', frame: (c) => binanceTrade(c, { p: '3000.00000000' }, 'ETHUSDT') },
  // Last: a socket closed over its size limit makes the exchange dark until it reconnects.
  { name: 'a 5 MiB frame', frame: (c) => Buffer.from(binanceTrade(c, { pad: 'x'.repeat(5 * MIB) })) },
];

function krakenTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '000Z');
}

/** Kraken writes numbers as JSON numbers: `raw` fields are spliced into the text as they are. */
function krakenTrade(context: FrameContext, fields: Record<string, string>, symbol = 'BTC/USDT'): string {
  const event: Record<string, string> = {
    symbol: JSON.stringify(symbol),
    side: '"buy"',
    price: '97123.4',
    qty: '0.01',
    ord_type: '"market"',
    trade_id: String(context.lastTradeId + 1),
    timestamp: JSON.stringify(krakenTime(context.now)),
    ...fields,
  };
  const body = Object.entries(event)
    .map(([name, value]) => `"${name}":${value}`)
    .join(',');
  return `{"channel":"trade","type":"update","data":[{${body}}]}`;
}

/** A candle of a past minute whose high is below its low. */
function krakenInvertedCandle(context: FrameContext): string {
  const begin = new Date(context.pastMinute).toISOString().replace('Z', '000000Z');
  return (
    `{"channel":"ohlc","type":"update","timestamp":${JSON.stringify(krakenTime(context.now))},"data":[` +
    `{"symbol":"BTC/USDT","open":97000.1,"high":90000.1,"low":99000.1,"close":97000.1,"trades":3,` +
    `"volume":1.5,"vwap":97000.1,"interval_begin":"${begin}","interval":1,` +
    `"timestamp":${JSON.stringify(krakenTime(context.pastMinute + 60_000))}}]}`
  );
}

export const KRAKEN_CASES: readonly HostileCase[] = [
  {
    name: 'a trade dated 2200-01-01',
    frame: (c) => krakenTrade(c, { timestamp: JSON.stringify(krakenTime(FAR_FUTURE)) }),
  },
  { name: 'a trade id of 2^53-1', frame: (c) => krakenTrade(c, { trade_id: String(HUGE_ID) }) },
  {
    name: 'a trade time at the end of the Date range',
    frame: (c) => krakenTrade(c, { timestamp: JSON.stringify(KRAKEN_END_OF_DATE_RANGE) }),
  },
  { name: 'a price of 0', frame: (c) => krakenTrade(c, { price: '0' }) },
  { name: 'a price of -1', frame: (c) => krakenTrade(c, { price: '-1' }) },
  { name: 'a price of 1e50000000', frame: (c) => krakenTrade(c, { price: '1e50000000' }) },
  { name: 'a closed past candle with high below low', frame: krakenInvertedCandle },
  { name: 'malformed JSON', frame: (c) => krakenTrade(c, {}).slice(0, -7) },
  { name: 'a frame for another symbol', frame: (c) => krakenTrade(c, { price: '3000.1' }, 'ETH/USDT') },
  { name: 'a 5 MiB frame', frame: (c) => Buffer.from(krakenTrade(c, { pad: `"${'x'.repeat(5 * MIB)}"` })) },
];
