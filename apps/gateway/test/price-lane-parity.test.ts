import { redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';

jest.setTimeout(4 * 60_000);

/** Which side a request is sent to; each side has keys of its own, so that their counts agree. */
type Side = 'lane' | 'nest';

interface Keys {
  readonly key: string;
  /** A key with a limit of two requests a minute. */
  readonly tight: string;
}

interface RequestCase {
  readonly name: string;
  readonly path: string;
  readonly query?: string;
  readonly method?: 'GET' | 'HEAD' | 'OPTIONS';
  readonly headers?: (keys: Keys) => Record<string, string>;
  /** The query's own apiKey parameters, given the side's keys. */
  readonly apiKeyQuery?: (keys: Keys) => string;
}

const CURRENT = '/api/v1/prices/current';
const KLINES = '/api/v1/prices/klines';
const CURRENT_KLINE = '/api/v1/prices/klines/current';

/**
 * The same path in a form the price lane does not take (its first letter after `prices/` percent-
 * encoded): Fastify's router decodes it to the same route of Nest's instance, which runs Nest's own
 * pipeline (guard, pipe, controller, filter). bootstrap/price-lane.spec.ts shows the lane leaves it.
 */
function nestFormOf(path: string): string {
  const at = '/api/v1/prices/'.length;
  const code = path.charCodeAt(at).toString(16);
  return `${path.slice(0, at)}%${code}${path.slice(at + 1)}`;
}

const withKey = (keys: Keys): Record<string, string> => ({ 'x-api-key': keys.key });

const CASES: readonly RequestCase[] = [
  { name: 'x-api-key', path: CURRENT, headers: withKey },
  {
    name: 'Authorization: Bearer',
    path: CURRENT,
    headers: (keys) => ({ authorization: `Bearer ${keys.key}` }),
  },
  { name: 'apiKey in the query', path: CURRENT, apiKeyQuery: (keys) => `apiKey=${keys.key}` },
  { name: 'no key', path: CURRENT },
  { name: 'an unknown key', path: CURRENT, headers: () => ({ 'x-api-key': 'pds_unknown0000000000000000' }) },
  { name: 'an empty key', path: CURRENT, headers: () => ({ 'x-api-key': '' }) },
  {
    name: 'a repeated apiKey',
    path: CURRENT,
    apiKeyQuery: (keys) => `apiKey=${keys.key}&apiKey=${keys.key}`,
  },
  {
    name: 'the same key by two schemes',
    path: CURRENT,
    headers: (keys) => ({ 'x-api-key': keys.key, authorization: `Bearer ${keys.key}` }),
  },
  {
    name: 'two different keys',
    path: CURRENT,
    headers: (keys) => ({ 'x-api-key': keys.key, authorization: `Bearer ${keys.tight}` }),
  },
  {
    name: 'an Authorization of another scheme',
    path: CURRENT,
    headers: () => ({ authorization: 'Basic eDp5' }),
  },
  { name: 'symbol in lower case', path: CURRENT, query: 'symbol=btcusdt', headers: withKey },
  { name: 'symbol in upper case', path: CURRENT, query: 'symbol=BTCUSDT', headers: withKey },
  { name: 'an unknown symbol', path: CURRENT, query: 'symbol=ethusdt', headers: withKey },
  { name: 'an empty symbol', path: CURRENT, query: 'symbol=', headers: withKey },
  { name: 'a repeated symbol', path: CURRENT, query: 'symbol=btcusdt&symbol=btcusdt', headers: withKey },
  { name: 'an unknown parameter', path: CURRENT, query: 'colour=blue&symbol=btcusdt', headers: withKey },
  { name: 'an unknown symbol without a key', path: CURRENT, query: 'symbol=ethusdt' },
  { name: 'klines', path: KLINES, query: 'interval=1m&limit=3', headers: withKey },
  { name: 'klines without an interval', path: KLINES, query: 'limit=3', headers: withKey },
  {
    name: 'klines, every parameter wrong',
    path: KLINES,
    query: 'interval=2m&limit=0&from=x',
    headers: withKey,
  },
  {
    name: 'klines with a repeated limit',
    path: KLINES,
    query: 'interval=1m&limit=2&limit=3',
    headers: withKey,
  },
  {
    name: 'klines with unknown parameters',
    path: KLINES,
    query: 'interval=1m&limit=2&page=2',
    headers: withKey,
  },
  { name: 'the open kline', path: CURRENT_KLINE, query: 'interval=1h', headers: withKey },
  {
    name: 'the open kline of an unknown symbol',
    path: CURRENT_KLINE,
    query: 'interval=1h&symbol=x',
    headers: withKey,
  },
  { name: 'HEAD', path: CURRENT, method: 'HEAD', headers: withKey },
  { name: 'HEAD without a key', path: CURRENT, method: 'HEAD' },
  { name: 'OPTIONS', path: CURRENT, method: 'OPTIONS', headers: withKey },
  { name: 'the tight key, first', path: CURRENT, headers: (keys) => ({ 'x-api-key': keys.tight }) },
  { name: 'the tight key, second', path: CURRENT, headers: (keys) => ({ 'x-api-key': keys.tight }) },
  { name: 'the tight key, past its limit', path: CURRENT, headers: (keys) => ({ 'x-api-key': keys.tight }) },
  {
    name: 'past the limit, invalid query',
    path: CURRENT,
    query: 'symbol=x',
    headers: (keys) => ({ 'x-api-key': keys.tight }),
  },
];

/** Headers whose value is the moment's, not the answer's: compared by presence. */
const MOMENT_HEADERS = new Set(['x-ratelimit-reset', 'retry-after']);
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

async function answerOf(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (CONNECTION_HEADERS.has(name)) return;
    headers[name] = MOMENT_HEADERS.has(name) ? 'present' : value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/**
 * The price lane and Nest's route of the same operation give the same answer, status, body and
 * headers, to every request of a table: the three key schemes, repeated and conflicting keys,
 * symbol forms, unknown parameters, HEAD and OPTIONS, a limit reached, and Redis paused.
 */
describe('the price lane answers as Nest’s route of the same operation (real Redis)', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let keys: Record<Side, Keys>;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('lane-parity', redisAt(server.url));
    await seedMarket(harness.redis, harness.keys, 10);
    const keysOfSide = async (): Promise<Keys> => ({
      key: (await harness.createKey({ requestsPerMinute: 1000 })).key,
      tight: (await harness.createKey({ requestsPerMinute: 2 })).key,
    });
    keys = { lane: await keysOfSide(), nest: await keysOfSide() };
    // Every unknown key of the table counts as a failure of this address: none may block it.
    await harness.startGateway({ AUTH_FAILURES_PER_MINUTE: '10000' });
  });

  afterAll(async () => {
    server.resume();
    await harness.close();
    await server.dispose();
  });

  const send = (side: Side, request: RequestCase): Promise<Answer> => {
    const sideKeys = keys[side];
    const query = [request.query, request.apiKeyQuery?.(sideKeys)].filter(Boolean).join('&');
    const path = side === 'lane' ? request.path : nestFormOf(request.path);
    const url = `${harness.url()}${path}${query ? `?${query}` : ''}`;
    return answerOf(url, { method: request.method ?? 'GET', headers: request.headers?.(sideKeys) ?? {} });
  };

  it('should reach Nest’s route by the encoded form of a lane path', async () => {
    expect(nestFormOf(CURRENT)).toBe('/api/v1/prices/%63urrent');
    expect(nestFormOf(KLINES)).toBe('/api/v1/prices/%6blines');
    // Both sides, so that their keys' counts stay equal.
    for (const side of ['lane', 'nest'] as const) {
      await expect(send(side, CASES[0]!)).resolves.toMatchObject({ status: 200 });
    }
  });

  it.each(CASES.map((request) => [request.name, request] as const))(
    'should answer the same: %s',
    async (_name, request) => {
      const lane = await send('lane', request);
      const nest = await send('nest', request);
      expect(lane).toEqual(nest);
    },
  );

  it('should answer the same while Redis is paused: 503 past the deadline, for a cached key and an unread one', async () => {
    const unread: Record<Side, string> = {
      lane: (await harness.createKey()).key,
      nest: (await harness.createKey()).key,
    };
    // Read within the key cache's 5 s: the lane's and Nest's requests below find it cached.
    await Promise.all((['lane', 'nest'] as const).map((side) => send(side, CASES[0]!)));
    server.pause();
    const cached = (side: Side) => send(side, CASES[0]!);
    const uncached = (side: Side) =>
      send(side, { name: 'an unread key', path: CURRENT, headers: () => ({ 'x-api-key': unread[side] }) });
    const [laneCached, nestCached, laneUncached, nestUncached] = await Promise.all([
      cached('lane'),
      cached('nest'),
      uncached('lane'),
      uncached('nest'),
    ]);
    server.resume();
    expect(laneCached.status).toBe(503);
    expect(laneCached).toEqual(nestCached);
    expect(laneUncached.status).toBe(503);
    expect(laneUncached).toEqual(nestUncached);
  });
});
