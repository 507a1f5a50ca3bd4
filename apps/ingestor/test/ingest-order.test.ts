import { RedisScripts } from '@pds/redis';
import type { WriteStep } from '../src/market-state/write-step';
import { MarketWriter } from '../src/writer/market-writer';
import { SYMBOL, TestStore } from './support/stack';

const OWNER = 'ingestor-a';

/** The price of one trade of `exchange`, as the in-memory market hands it to the writer. */
function traded(exchange: string, tradeId: number, price: string, time: number): WriteStep {
  return {
    eventTime: time,
    exchange,
    price: { price, time: new Date(time).toISOString() },
    priceTradeId: tradeId,
    klines: [],
  };
}

/**
 * The Redis ingest step keeps the served price by the exchange's order (issue 52, CONTRACT section
 * 11 "No frame holds the served values"), and Price.time never goes back at a switch.
 */
describe('the ingest Lua step orders prices by the exchange’s trades (real Redis)', () => {
  const store = new TestStore('ingestor-order');
  const writer = new MarketWriter(store.redis, new RedisScripts(store.redis), store.keys);

  beforeAll(async () => {
    await store.redis.set(store.keys.ingestorLease(SYMBOL), OWNER);
  });

  afterAll(async () => {
    await store.close();
  });

  const write = (step: WriteStep): Promise<unknown> => writer.write(SYMBOL, OWNER, step);

  it('should store the next trade after one dated 59 s ahead, and not a reordered older one', async () => {
    const now = Date.now();
    await write(traded('binance', 10, '97000.10', now - 2000));
    await write(traded('binance', 11, '99999.00', now + 59_000));
    expect((await store.price())?.price).toBe('99999.00');
    await write(traded('binance', 12, '97000.30', now - 1000));
    expect(await store.price()).toEqual({ price: '97000.30', time: new Date(now - 1000).toISOString() });
    await write(traded('binance', 9, '1.00', now - 3000));
    expect((await store.price())?.price).toBe('97000.30');
  });

  it('should never store an older price from another exchange at a switch', async () => {
    const now = Date.now();
    await write(traded('binance', 20, '97000.40', now));
    await write(traded('kraken', 5_000, '97000.50', now - 500));
    expect(await store.price()).toEqual({ price: '97000.40', time: new Date(now).toISOString() });
    await write(traded('kraken', 5_001, '97000.60', now + 1));
    expect((await store.price())?.price).toBe('97000.60');
  });

  it('should let a stored price dated ahead of the service’s clock give way to another exchange’s', async () => {
    const now = Date.now();
    await write(traded('kraken', 5_002, '99999.00', now + 59_000));
    await write(traded('binance', 21, '97000.70', now));
    expect(await store.price()).toEqual({ price: '97000.70', time: new Date(now).toISOString() });
  });
});
