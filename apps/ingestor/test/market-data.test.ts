import { applyTrade, INTERVALS, type Kline, klineFromTrade, openTimeOf, toIsoTime } from '@pds/market';
import { type RunningApp, testExchanges, testRedis } from '@pds/testing';
import { eventually, isMsg, type Sim, startIngestor, startSim, SYMBOL, TestStore } from './support/stack';

const MINUTE = 60_000;

/** Puts the simulator's clock a few seconds before a minute boundary, so a 1m kline closes during the test. */
function clockOffsetBeforeBoundary(leadMs: number): { offset: number; boundary: number } {
  const now = Date.now();
  let boundary = Math.ceil(now / MINUTE) * MINUTE;
  if (boundary - now < leadMs) boundary += MINUTE;
  return { offset: boundary + MINUTE - leadMs - now, boundary: boundary + MINUTE };
}

describe('ingestor: live market data in Redis', () => {
  const store = new TestStore('ingestor-data');
  // Generous: the stack must be up and following trades before the boundary, on a busy machine too.
  const { offset, boundary } = clockOffsetBeforeBoundary(30_000);
  let sim: Sim;
  let ingestor: RunningApp;
  const subscriber = testRedis().connect('test-subscriber');
  const published: { channel: string; message: string }[] = [];

  beforeAll(async () => {
    sim = await startSim({ SIM_CLOCK_OFFSET_MS: String(offset) });
    await subscriber.subscribe(store.keys.priceChannel(SYMBOL), store.keys.klineChannel(SYMBOL, '1m'));
    subscriber.on('message', (channel: string, message: string) => published.push({ channel, message }));
    // No background trades: an idle stream must not count as dead here.
    ingestor = await startIngestor(store.prefix, sim, { STREAM_SILENCE_MS: '60000' });
    await ingestor.waitForLog(isMsg('leader'));
  });

  afterAll(async () => {
    await ingestor.stop();
    await sim.app.stop();
    await subscriber.quit();
    await store.close();
  });

  it('makes an injected trade the latest price and follows it in every open kline, exactly', async () => {
    // The first trade makes the simulator push every interval's kline: the base the ingestor follows.
    await sim.trade('97000.10', '0.5');
    const before = await eventually(async () => {
      const klines = await store.openKlines();
      const all = [...klines.values()];
      return all.every((kline) => kline?.close === '97000.10000000') ? klines : undefined;
    }, 'the first kline pushes');

    const trade = await sim.trade('97123.45', '0.00123');
    const price = await eventually(async () => {
      const raw = await store.rawPrice();
      return raw?.includes('97123.45') ? raw : undefined;
    }, 'the latest price');
    const exchange = testExchanges().primary;
    expect(price).toBe(`{"price":"97123.45000000","time":"${toIsoTime(trade.time)}","source":"${exchange}"}`);

    const after = await store.openKlines();
    const exact = { id: trade.id, price: '97123.45000000', quantity: '0.00123000', time: trade.time };
    for (const interval of INTERVALS) {
      const previous = before.get(interval)!;
      // A slot the clock opened (no trades yet, flat) starts at the trade, as a new one does.
      const expected: Kline =
        previous.openTime === toIsoTime(openTimeOf(trade.time, interval)) && previous.trades > 0
          ? applyTrade(previous, exact)
          : klineFromTrade(exact, interval);
      expect({ interval, kline: after.get(interval) }).toEqual({ interval, kline: expected });
    }
    // The stored value is what was published, byte for byte.
    await eventually(
      async () => Promise.resolve(published.find((entry) => entry.message === price)),
      'the price message',
    );
  });

  it('appends the closed kline to history once, by its open time, and publishes it before the new open one', async () => {
    const closingOpenTime = boundary - MINUTE;
    const closed = await eventually(
      async () => {
        const members = await store.closedKlines('1m');
        return members.find((member) => member.score === closingOpenTime);
      },
      'the closed 1m kline',
      45_000,
    );
    expect(closed.kline).toMatchObject({ openTime: toIsoTime(closingOpenTime), isClosed: true });

    const trade = await sim.trade('97200.00', '0.1');
    expect(trade.time).toBeGreaterThanOrEqual(boundary);
    // The clock may have opened the new slot flat before the trade (CONTRACT section 3): its update.
    const open = await eventually(async () => {
      const kline = await store.openKline('1m');
      return kline?.openTime === toIsoTime(boundary) && kline.trades > 0 ? kline : undefined;
    }, 'the new open 1m kline with the trade');
    expect(open).toMatchObject({
      open: '97200.00000000',
      close: '97200.00000000',
      trades: 1,
      isClosed: false,
    });

    const members = await store.closedKlines('1m');
    expect(members.filter((member) => member.score === closingOpenTime)).toHaveLength(1);
    // The message may arrive after the write is visible (on a Cluster it crosses the cluster bus).
    const oneMinute = await eventually(async () => {
      const messages = published.filter((entry) => entry.channel === store.keys.klineChannel(SYMBOL, '1m'));
      const klines = messages.map((entry) => JSON.parse(entry.message) as Kline);
      return Promise.resolve(
        klines.some((kline) => kline.openTime === toIsoTime(boundary)) ? klines : undefined,
      );
    }, 'the new open 1m kline message');
    const closedAt = oneMinute.findIndex((kline) => kline.isClosed);
    const openAt = oneMinute.findIndex((kline) => kline.openTime === toIsoTime(boundary));
    expect(closedAt).toBeGreaterThanOrEqual(0);
    expect(closedAt).toBeLessThan(openAt);
  });

  it('records the newest exchange event time it wrote', async () => {
    const stored = Number(await store.redis.get(store.keys.lastEventTime(SYMBOL)));
    expect(stored).toBeGreaterThanOrEqual(boundary);
  });
});
