import * as fc from 'fast-check';
import { field, frameText, MISSING, raw, shapelessFrame } from './hostile-binance-frames';

// Kraken's Spot WebSocket v2 frames (trade, ohlc, replies), valid and hostile field by field:
// numbers as JSON number literals (written raw), times as RFC3339 strings.

const NOW = Date.now();
const iso = (ms: number): string => new Date(ms).toISOString().replace('Z', '000Z');
const MINUTE_OPEN = Math.floor(NOW / 60_000) * 60_000;

/** RFC3339 times near and past everything, and not times at all. */
const hostileTime = fc.oneof(
  fc.constantFrom(
    '2200-01-01T00:00:00.000000Z',
    '+275760-09-13T00:00:00.000Z',
    '0000-01-01T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '2010-01-01T00:00:00.123456789Z',
    '2024-02-30T25:61:61Z',
    iso(NOW + 61_000),
    iso(NOW + 59_000),
    iso(NOW - 86_400_000),
    '',
    'now',
  ),
  fc.constantFrom(raw('1e50000000'), raw('1700000000'), null, 0),
  fc.string({ maxLength: 30 }),
);

/** Prices and quantities as Kraken writes them (numbers), and everything else. */
const hostileNumber = fc.oneof(
  fc
    .tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99_999_999 }))
    .map(([whole, fraction]) => raw(`${whole}.${String(fraction).padStart(8, '0')}`)),
  fc
    .constantFrom('0', '0.0', '-1', '-0.5', '1e5', '1e-5', '1E+2', '1e50000000', '-1e400', '1.5e-50000000')
    .map(raw),
  fc.constantFrom(raw('9'.repeat(100_000)), raw(`0.${'0'.repeat(39)}1`), raw(`1${'0'.repeat(39)}`)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => raw(String(value))),
  fc.constantFrom('97000.1', '', null, true, [], {}),
);

/** `trades`, typed "float" by Kraken: whole in any spelling, and not whole. */
const hostileCount = fc.oneof(
  fc
    .constantFrom(
      '12',
      '12.0',
      '1.2e1',
      '120e-1',
      '12.5',
      '-1',
      '-0.0',
      '1e400',
      '1e50000000',
      '9007199254740993',
    )
    .map(raw),
  fc.constantFrom('12', null, 1.5),
);

const hostileId = fc.oneof(
  fc.constantFrom(String(Number.MAX_SAFE_INTEGER), '9007199254740992', '-1', '1.5', '1e400').map(raw),
  fc.maxSafeInteger(),
  fc.constantFrom('7', null),
);

const trade = fc.record({
  symbol: field('BTC/USDT', fc.constantFrom('ETH/USD', '', 7)),
  side: field('buy', fc.constant(1)),
  price: field(raw('97000.1'), hostileNumber),
  qty: field(raw('0.5'), hostileNumber),
  ord_type: field('limit', fc.constant(null)),
  trade_id: field(1_000_000, hostileId),
  timestamp: field(iso(NOW), hostileTime),
});

const candle = fc.record({
  symbol: field('BTC/USDT', fc.constantFrom('ETH/USD', '')),
  open: field(raw('97000.0'), hostileNumber),
  high: field(raw('97002.0'), hostileNumber),
  low: field(raw('96999.0'), hostileNumber),
  close: field(raw('97001.0'), hostileNumber),
  trades: field(raw('11'), hostileCount),
  volume: field(raw('1.5'), hostileNumber),
  vwap: field(raw('97000.5'), hostileNumber),
  interval_begin: field(iso(MINUTE_OPEN), hostileTime),
  interval: field(1, fc.constantFrom(3, 10080, -1, raw('1.0'), raw('1e400'), '1')),
  timestamp: field(iso(MINUTE_OPEN + 60_000), hostileTime),
});

const type = field('update', fc.constantFrom('snapshot', 'delta', 1));

/**
 * Hostile frames of Kraken's Spot WebSocket v2, each under 1 MiB. Left out: what Kraken may send to
 * say it serves nothing (a `status` of `maintenance`, a refused subscription), which ends the
 * connection by design.
 */
export const hostileKrakenFrame: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({ type, data: fc.array(trade, { maxLength: 4 }) })
    .map((frame) => frameText({ channel: 'trade', ...frame })),
  fc
    .record({ type, timestamp: field(iso(NOW), hostileTime), data: fc.array(candle, { maxLength: 4 }) })
    .map((frame) => frameText({ channel: 'ohlc', ...frame })),
  fc
    .record({
      // Not `subscribe`: a refused subscription ends the connection by design (Kraken says it is dark).
      method: field('pong', fc.constantFrom('unsubscribe', 'ping', 7)),
      success: field(true, fc.constantFrom(false, 'yes')),
      error: field(MISSING, fc.string({ maxLength: 20 })),
      time_out: field(iso(NOW), hostileTime),
    })
    .map(frameText),
  shapelessFrame,
  fc.constantFrom(
    '{"channel":"trade","type":"update","data":null}',
    '{"channel":"ohlc","type":"snapshot","data":[]}',
    '{"channel":"status","data":[{"system":"online"}],"type":"update"}',
    '{"channel":"heartbeat"}',
    `{"channel":"trade","type":"update","data":[{"symbol":"BTC/USDT","side":"buy","price":1e50000000,"qty":1,"ord_type":"market","trade_id":1,"timestamp":"${iso(NOW)}"}]}`,
  ),
);
