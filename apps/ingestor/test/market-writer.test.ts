import { type Kline, klineJson } from '@pds/market';
import { RedisScripts } from '@pds/redis';
import { testRedis } from '@pds/testing';
import type { KlineWriteKind, WriteStep } from '../src/market-state/write-step';
import { MarketWriter } from '../src/writer/market-writer';
import { SYMBOL, TestStore } from './support/stack';

const OWNER = 'ingestor-a';

function kline(openTime: string, close: string, isClosed = false): Kline {
  const closeTime = new Date(Date.parse(openTime) + 59_999).toISOString();
  return {
    openTime,
    closeTime,
    open: '1.00',
    high: '99999.00',
    low: '0.50',
    close,
    volume: '2.00',
    trades: 3,
    isClosed,
  };
}

function step(eventTime: number, parts: Partial<WriteStep>): WriteStep {
  return { eventTime, price: undefined, klines: [], ...parts };
}

describe('the ingest Lua step (real Redis)', () => {
  const store = new TestStore('ingestor-writer');
  const writer = new MarketWriter(store.redis, new RedisScripts(store.redis), store.keys);
  const subscriber = testRedis().connect('test-subscriber');
  /** The next `count` messages published, in order (one connection keeps the publishing order). */
  const nextMessages = (count: number): Promise<string[]> =>
    new Promise((resolve) => {
      const got: string[] = [];
      const take = (_channel: string, message: string): void => {
        if (got.push(message) < count) return;
        subscriber.off('message', take);
        resolve(got);
      };
      subscriber.on('message', take);
    });
  const lease = store.keys.ingestorLease(SYMBOL);
  const writeKline = (eventTime: number, kind: KlineWriteKind, written: Kline) =>
    writer.write(SYMBOL, OWNER, step(eventTime, { klines: [{ interval: '1m', kind, kline: written }] }));
  const M0 = '2026-11-22T01:00:00.000Z';
  const M1 = '2026-11-22T01:01:00.000Z';

  beforeAll(async () => {
    await subscriber.subscribe(store.keys.priceChannel(SYMBOL), store.keys.klineChannel(SYMBOL, '1m'));
    await store.redis.set(lease, OWNER);
  });

  afterAll(async () => {
    await subscriber.quit();
    await store.close();
  });

  it('refuses every write of a process that does not hold the lease, and writes nothing', async () => {
    const outcome = await writer.write(SYMBOL, 'deposed-leader', {
      eventTime: 5,
      price: { price: '1.00', time: '2026-11-22T01:00:00.000Z' },
      klines: [{ interval: '1m', kind: 'open', kline: kline(M0, '1.00') }],
    });
    expect(outcome).toEqual({ written: false });
    expect(await store.rawPrice()).toBeNull();
    expect(await store.openKline('1m')).toBeUndefined();
    expect(await store.redis.get(store.keys.lastEventTime(SYMBOL))).toBeNull();
  });

  it('writes price, open kline (each with its exchange) and lastEventTime for the lease owner, in the exact shapes', async () => {
    const outcome = await writer.write(SYMBOL, OWNER, {
      eventTime: 1000,
      exchange: 'kraken',
      price: { price: '97123.45000000', time: '2026-11-22T01:00:30.000Z' },
      klines: [{ interval: '1m', kind: 'open', kline: kline(M0, '97123.45000000') }],
    });
    expect(outcome).toEqual({ written: true, changes: 2 });
    expect(await store.rawPrice()).toBe(
      '{"price":"97123.45000000","time":"2026-11-22T01:00:30.000Z","source":"kraken"}',
    );
    expect(await store.redis.get(store.keys.openKline(SYMBOL, '1m'))).toBe(
      `{"openTime":"${M0}","closeTime":"2026-11-22T01:00:59.999Z","open":"1.00","high":"99999.00","low":"0.50",` +
        '"close":"97123.45000000","volume":"2.00","trades":3,"isClosed":false,"source":"kraken"}',
    );
    expect(await store.redis.get(store.keys.lastEventTime(SYMBOL))).toBe('1000');
  });

  it('never lets an older price, kline or event time overwrite a newer one', async () => {
    await writeKline(2000, 'open', kline(M1, '5.00'));
    const outcome = await writer.write(SYMBOL, OWNER, {
      eventTime: 1500,
      price: { price: '1.00', time: '2026-11-22T01:00:29.999Z' },
      klines: [{ interval: '1m', kind: 'open', kline: kline(M0, '1.00') }],
    });
    expect(outcome).toEqual({ written: true, changes: 0 });
    expect((await store.price())?.price).toBe('97123.45000000');
    expect((await store.openKline('1m'))?.openTime).toBe(M1);
    expect(await store.redis.get(store.keys.lastEventTime(SYMBOL))).toBe('2000');
    // Same kline, but from an event older than the newest written: refused as well.
    await writeKline(1999, 'open', kline(M1, '4.00'));
    expect((await store.openKline('1m'))?.close).toBe('5.00');
  });

  it("keeps one history member per open time: a final close replaces, the ingestor's own never does", async () => {
    const closedKey = store.keys.closedKlines(SYMBOL, '1m');
    await writeKline(3000, 'closed-if-absent', kline(M0, '7.00', true));
    await writeKline(3001, 'closed', kline(M0, '8.00', true));
    await writeKline(3002, 'closed', kline(M0, '8.50', true));
    await writeKline(3003, 'closed-if-absent', kline(M0, '9.99', true));
    const members = await store.closedKlines('1m');
    expect(members).toHaveLength(1);
    expect(members[0]).toEqual({ score: Date.parse(M0), kline: kline(M0, '8.50', true) });
    expect(await store.redis.zcard(closedKey)).toBe(1);
  });

  it('publishes each change with the stored JSON, a closed kline before the new open one', async () => {
    const published = nextMessages(3);
    const M2 = '2026-11-22T01:02:00.000Z';
    await writer.write(SYMBOL, OWNER, {
      eventTime: 4000,
      price: { price: '6.00', time: M2 },
      klines: [
        { interval: '1m', kind: 'closed-if-absent', kline: kline(M1, '5.00', true) },
        { interval: '1m', kind: 'open', kline: kline(M2, '6.00') },
      ],
    });
    const expected = [
      '{"price":"6.00","time":"2026-11-22T01:02:00.000Z"}',
      (
        await store.redis.zrangebyscore(store.keys.closedKlines(SYMBOL, '1m'), Date.parse(M1), Date.parse(M1))
      )[0],
      await store.redis.get(store.keys.openKline(SYMBOL, '1m')),
    ];
    expect(await published).toEqual(expected);
  });

  it('publishes no final close equal to the kline stored (the ingestor’s own), and a different one', async () => {
    const published = nextMessages(1);
    await writeKline(4000, 'closed', kline(M1, '5.00', true));
    await writeKline(4000, 'closed', kline(M1, '5.10', true));
    // A message for the first write would come first.
    expect((await published).map((message) => (JSON.parse(message) as Kline).close)).toEqual(['5.10']);
  });

  it('reads back the stored lastEventTime for a take-over', async () => {
    expect(await writer.lastEventTime(SYMBOL)).toBe(4000);
  });
});

describe('the ingest Lua step refuses what section 11 refuses (real Redis)', () => {
  const store = new TestStore('ingestor-writer-rules');
  const writer = new MarketWriter(store.redis, new RedisScripts(store.redis), store.keys);
  const lease = store.keys.ingestorLease(SYMBOL);
  const FAR = '2200-01-01T00:00:00.000Z';
  const now = (offsetMs = 0): string => new Date(Date.now() + offsetMs).toISOString();
  const minuteOf = (iso: string): string => `${iso.slice(0, 17)}00.000Z`;

  beforeAll(async () => {
    await store.redis.set(lease, OWNER);
  });

  afterAll(async () => {
    await store.close();
  });

  it('lets a stored price dated far in the future give way to the next valid trade', async () => {
    // As an older version would have left it.
    await store.redis.set(store.keys.latestPrice(SYMBOL), JSON.stringify({ price: '1.00', time: FAR }));
    await store.redis.set(store.keys.lastEventTime(SYMBOL), String(Date.parse(FAR)));
    const time = now(-1000);
    await writer.write(SYMBOL, OWNER, step(Date.now(), { price: { price: '97000.10', time } }));
    expect(await store.price()).toEqual({ price: '97000.10', time });
    expect(Number(await store.redis.get(store.keys.lastEventTime(SYMBOL)))).toBeLessThan(Date.parse(FAR));
  });

  it('refuses a price of 0, a negative one and one dated far in the future', async () => {
    const kept = await store.price();
    for (const price of [
      { price: '0.00', time: now() },
      { price: '-1.00', time: now() },
      { price: '97000.20', time: FAR },
      { price: '1'.repeat(41), time: now() },
    ]) {
      await writer.write(SYMBOL, OWNER, step(Date.now(), { price }));
    }
    expect(await store.price()).toEqual(kept);
  });

  it('refuses an inverted past kline: the stored history stays', async () => {
    const M = '2026-11-22T02:00:00.000Z';
    const good = kline(M, '2.00', true);
    await writer.write(
      SYMBOL,
      OWNER,
      step(Date.now(), { klines: [{ interval: '1m', kind: 'closed', kline: good }] }),
    );
    const inverted = { ...good, high: '0.10', low: '5.00' };
    const outcome = await writer.write(
      SYMBOL,
      OWNER,
      step(Date.now(), { klines: [{ interval: '1m', kind: 'closed', kline: inverted }] }),
    );
    expect(outcome).toEqual({ written: true, changes: 0 });
    expect(await store.closedKlines('1m')).toEqual([{ score: Date.parse(M), kline: good }]);
  });

  it('lets a stored open kline dated far in the future give way, and refuses one itself', async () => {
    await store.redis.set(store.keys.openKline(SYMBOL, '1m'), klineJson(kline(FAR, '3.00')));
    const current = kline(minuteOf(now()), '4.00');
    await writer.write(
      SYMBOL,
      OWNER,
      step(Date.now(), { klines: [{ interval: '1m', kind: 'open', kline: current }] }),
    );
    expect(await store.openKline('1m')).toEqual(current);
    await writer.write(
      SYMBOL,
      OWNER,
      step(Date.now(), { klines: [{ interval: '1m', kind: 'open', kline: kline(FAR, '5.00') }] }),
    );
    expect(await store.openKline('1m')).toEqual(current);
  });
});
