import * as fc from 'fast-check';

/** Stands for a number literal JSON.stringify cannot write (`1e50000000`); replaced in `frameText`. */
const RAW = '@@raw:';
export const raw = (literal: string): string => `${RAW}${literal}@@`;

const NOW = Date.now();
const FAR_FUTURE = Date.parse('2200-01-01T00:00:00.000Z');

/** Times near and past everything: the Date range, 2^53, the clock's tolerance, the epoch. */
export const hostileTime = fc.oneof(
  fc.constantFrom(
    9e15,
    8.64e15,
    8.64e15 + 1,
    -8.64e15,
    Number.MAX_SAFE_INTEGER,
    2 ** 53,
    1e300,
    -1,
    0,
    1.5,
    FAR_FUTURE,
    NOW + 61_000,
    NOW + 59_000,
    NOW - 86_400_000,
    Date.UTC(2010, 0, 1),
  ),
  fc.constantFrom(raw('1e50000000'), raw('-1e400'), raw('1' + '0'.repeat(60))),
  fc.maxSafeInteger(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(null, true, [], {}),
);

/** Trade ids up to 2^53 and beyond, and not ids at all. */
export const hostileId = fc.oneof(
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 53, -1, 0, 1.5, raw('1e400')),
  fc.maxSafeInteger(),
  fc.string({ maxLength: 10 }),
  fc.constantFrom(null, false),
);

/** Decimal strings: valid ones, zero, negative, exponents, empty, long and huge, and not strings. */
export const hostileDecimal = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.nat({ max: 99_999_999 }))
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`),
  fc.constantFrom('0', '0.00000000', '-1', '-0.5', '1e5', '', '.5', '5.', ' 1', '1'.repeat(41)),
  fc.constantFrom('9'.repeat(100_000), `0.${'0'.repeat(39)}1`, `1${'0'.repeat(39)}`),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.constantFrom(null, raw('1e50000000')),
);

const interval = fc.constantFrom('1m', '5m', '1h', '1d', '3m', '1w', '', 'x');

/** Marks a field to leave out of the frame. */
export const MISSING = '@@missing@@';

/** Mostly the valid value, now and then a hostile one or none: one bad field in a good frame. */
export function field(valid: unknown, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
}

const MINUTE_OPEN = Math.floor(NOW / 60_000) * 60_000;

const tradeData = fc.record({
  e: field('trade', fc.constantFrom('aggTrade', 7)),
  E: field(NOW, hostileTime),
  s: field('BTCUSDT', fc.constantFrom('ETHBTC', '')),
  t: field(1_000_000, hostileId),
  p: field('97000.10000000', hostileDecimal),
  q: field('0.00100000', hostileDecimal),
  T: field(NOW, hostileTime),
  m: field(true, fc.constant('no')),
});

const klineObject = fc.record({
  t: field(MINUTE_OPEN, hostileTime),
  T: field(MINUTE_OPEN + 59_999, hostileTime),
  s: field('BTCUSDT', fc.constant('')),
  i: field('1m', interval),
  f: field(1_000_000, hostileId),
  L: field(1_000_010, hostileId),
  o: field('97000.00', hostileDecimal),
  c: field('97001.00', hostileDecimal),
  h: field('97002.00', hostileDecimal),
  l: field('96999.00', hostileDecimal),
  v: field('1.5', hostileDecimal),
  n: field(11, fc.constantFrom(-1, 1.5, 2 ** 53, '3', null)),
  x: field(false, fc.constant(1)),
});

const klineData = fc.record({
  e: field('kline', fc.constant('trade')),
  E: field(NOW, hostileTime),
  s: field('BTCUSDT', fc.constant('')),
  k: field({}, fc.constant(null)).chain((k): fc.Arbitrary<unknown> =>
    k === null || k === MISSING ? fc.constant(k) : klineObject,
  ),
});

/** Frame text, with the raw number literals put in place. */
export function frameText(value: unknown): string {
  const text = JSON.stringify(value, (_key, field: unknown) => (field === MISSING ? undefined : field));
  return text.replace(/"@@raw:([^@]*)@@"/g, '$1');
}

/** Text no exchange sends, shared by every exchange's hostile frames: any text, any JSON, the smallest broken ones. */
export const shapelessFrame: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('', '{', 'null', '[]'),
);

/** Hostile frames of Binance's combined stream (also Binance.US's), each under 1 MiB. */
export const hostileBinanceFrame: fc.Arbitrary<string> = fc.oneof(
  tradeData.map((data) => frameText({ stream: 'btcusdt@trade', data })),
  fc.tuple(interval, klineData).map(([name, data]) => frameText({ stream: `btcusdt@kline_${name}`, data })),
  tradeData.map((data) => frameText(data)),
  shapelessFrame,
  fc.constantFrom(
    '{"stream":"btcusdt@trade","data":null}',
    '{"stream":"btcusdt@trade"}',
    '{"error":{"code":2,"msg":"x"},"id":1}',
    '{"event":{"e":"serverShutdown","E":1}}',
  ),
);
