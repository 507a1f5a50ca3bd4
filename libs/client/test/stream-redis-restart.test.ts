import { redisAt, type RedisServer, startRedisServer } from '@pds/testing';
import { type ClientStack, startClientStack } from './support/client-stack';
import { expectConsistentWindow, record } from './support/stream-recorder';

/**
 * Acceptance 1 of issue 29: a Redis restart (a private redis-server, killed and started again from
 * its append-only file) under open streams. The gateway keeps the sockets or closes them; either
 * way the client ends up with a fresh snapshot, updates after it, and every closed kline once.
 */
describe('client streams across a Redis restart', () => {
  let server: RedisServer;
  let stack: ClientStack;
  let redisDown = false;

  beforeAll(async () => {
    server = await startRedisServer({ appendOnly: true });
    stack = await startClientStack('client-redis', { redis: redisAt(server.url) });
  });

  afterAll(async () => {
    if (redisDown) await server.start();
    await stack.stop();
    await server.dispose();
  });

  it('should deliver a fresh snapshot after the restart and keep a consistent window', async () => {
    const client = stack.client();
    const klines = client.stream('klines', { interval: '1m', limit: 30 });
    const price = client.stream('price', {});
    const [klinesRecord, priceRecord] = [record(klines), record(price)];
    await klinesRecord.until(() => klinesRecord.messages.length > 0, 'the first klines snapshot');
    await priceRecord.until(() => priceRecord.messages.length > 0, 'the first price snapshot');

    redisDown = true;
    await server.stop();
    const beforeRestart = { klines: klinesRecord.messages.length, price: priceRecord.messages.length };
    await server.start();
    redisDown = false;

    // A snapshot is the whole range (30 klines); a delta holds at most the closed and the open one.
    const isSnapshot = (index: number) => (klinesRecord.messages[index]?.data.klines.length ?? 0) > 2;
    await klinesRecord.until(
      () =>
        klinesRecord.messages
          .slice(beforeRestart.klines)
          .some((_, index) => isSnapshot(beforeRestart.klines + index)),
      'a klines snapshot after the restart',
      60_000,
    );
    await priceRecord.until(
      () => priceRecord.messages.length > beforeRestart.price + 1,
      'prices after the restart',
      60_000,
    );
    const afterSnapshot = klinesRecord.messages.length;
    await klinesRecord.until(
      () => klinesRecord.messages.length > afterSnapshot,
      'an update after the snapshot',
    );
    expect([klines.state, price.state]).toEqual(['live', 'live']);
    await expectConsistentWindow(klines.klines, client);
    await klines.close();
    await price.close();
  });
});
