import { RedisKeys } from '@pds/redis';
import { nextLog } from '@pds/testing';
import type { Socket } from 'node:net';
import { UnauthorizedError, ValidationError } from '../src';
import { type ClientStack, startClientStack } from './support/client-stack';
import { expectConsistentWindow, keptSockets, record, snapshots } from './support/stream-recorder';

jest.setTimeout(300_000);

/**
 * Acceptance 1 of issue 29 (streams): a stream survives a gateway restart (1001) and a 1013 close
 * (a reader too slow for the gateway), each time with a fresh snapshot and a window with every
 * closed kline once; 4401 and 4400 end it with a typed error and no retry.
 */
describe('client streams across closes', () => {
  let stack: ClientStack;

  beforeAll(async () => {
    stack = await startClientStack('client-streams', {
      // A reader whose socket stays behind 2 s is closed with 1013.
      gatewayEnv: { WS_SLOW_CLIENT_TIMEOUT_MS: '2000', WS_SLOW_CLIENT_BUFFER_BYTES: '16384' },
    });
  });

  afterAll(() => stack.stop());

  it('should reconnect after a gateway restart, deliver a fresh snapshot and keep a consistent window', async () => {
    const client = stack.client();
    const klines = client.stream('klines', { interval: '1m', limit: 30 });
    const price = client.stream('price', {});
    const [klinesRecord, priceRecord] = [record(klines), record(price)];
    await klinesRecord.until(() => snapshots(klinesRecord) === 1, 'the first klines snapshot');
    await priceRecord.until(() => snapshots(priceRecord) === 1, 'the first price snapshot');
    expect(klinesRecord.messages[0]!.data.klines).toHaveLength(30);

    await stack.restartGateway();
    await klinesRecord.until(() => snapshots(klinesRecord) === 2, 'a klines snapshot after the restart');
    await priceRecord.until(() => snapshots(priceRecord) === 2, 'a price snapshot after the restart');
    expect(klinesRecord.disconnects[0]).toMatchObject({ code: 1001, willRetry: true });
    expect(priceRecord.disconnects[0]).toMatchObject({ code: 1001, willRetry: true });
    expect(klines.state).toBe('live');
    await expectConsistentWindow(klines.klines, client);

    const updates = priceRecord.messages.length;
    await priceRecord.until(() => priceRecord.messages.length > updates, 'a price update after the snapshot');
    await klines.close();
    await price.close();
    expect([klinesRecord.closed, priceRecord.closed]).toEqual([true, true]);
  });

  it('should reconnect after a 1013 close and deliver a fresh snapshot', async () => {
    const { factory, sockets } = keptSockets();
    const client = stack.client({ webSocket: factory });
    const klines = client.stream('klines', { interval: '1m', limit: 30 });
    const recorded = record(klines);
    await recorded.until(() => snapshots(recorded) === 1, 'the first snapshot');

    // A copy published after its kline closed would reopen it in the window: not near a rollover.
    const current = klines.klines.at(-1)!;
    if (Date.parse(current.closeTime) - Date.now() < 20_000) {
      await recorded.until(() => klines.klines.at(-1)!.openTime > current.openTime, 'the next kline', 90_000);
    }

    // The client stops reading its TCP socket; the open kline, published over and over as the
    // ingestor would, fills the kernel's buffers and then the gateway's, until it gives up on it.
    const tcp = (sockets[0] as unknown as { _socket: Socket })._socket;
    tcp.pause();
    // Generous bounds: on two busy cores the gateway may take long to fill the buffers and give up.
    const gaveUp = nextLog(stack.gateway, (entry) => entry.msg === 'ws-slow-reader', 180_000);
    const seen = { slowReader: false };
    gaveUp.then(
      () => (seen.slowReader = true),
      () => undefined, // awaited below, where a timeout fails this test (not another file's)
    );
    const publisher = stack.redis.connect('client-test-publisher');
    const channel = new RedisKeys(stack.prefix).klineChannel('btcusdt', '1m');
    const open = JSON.stringify((await client.getCurrentKline({ interval: '1m' })).data);
    for (let batch = 0; !seen.slowReader && batch < 100; batch += 1) {
      const pipeline = publisher.pipeline();
      for (let index = 0; index < 2_000; index += 1) pipeline.publish(channel, open);
      await pipeline.exec();
    }
    await gaveUp;
    publisher.disconnect();
    tcp.resume();

    await recorded.until(() => snapshots(recorded) === 2, 'a snapshot after the 1013 close');
    expect(recorded.disconnects).toEqual([expect.objectContaining({ code: 1013, willRetry: true })]);
    expect(sockets).toHaveLength(2);
    await expectConsistentWindow(klines.klines, client);
    await klines.close();
  });

  it('should end with UnauthorizedError on 4401 and not connect again', async () => {
    const { factory, sockets } = keptSockets();
    const client = stack.client({ apiKey: 'not-a-key-of-this-service', webSocket: factory });
    const price = client.stream('price', {});
    const recorded = record(price);
    const iterated = (async () => {
      for await (const message of price) throw new Error(`unexpected ${JSON.stringify(message)}`);
    })();
    await expect(iterated).rejects.toBeInstanceOf(UnauthorizedError);
    await recorded.until(() => recorded.closed, 'the end of the stream');
    expect(recorded.errors).toEqual([expect.objectContaining({ code: 'UNAUTHORIZED', closeCode: 4401 })]);
    expect(recorded.disconnects).toEqual([expect.objectContaining({ code: 4401, willRetry: false })]);
    expect(recorded.reconnects).toEqual([]);
    expect(price.state).toBe('failed');
    expect(sockets).toHaveLength(1);
  });

  it('should end with ValidationError on 4400', async () => {
    const stream = stack.client().stream('currentKline', { interval: '7m' as '1m' });
    const recorded = record(stream);
    await recorded.until(() => recorded.closed, 'the end of the stream');
    expect(recorded.errors[0]).toBeInstanceOf(ValidationError);
    expect(recorded.errors[0]).toMatchObject({
      closeCode: 4400,
      message: expect.stringContaining('interval') as unknown,
    });
    expect(recorded.reconnects).toEqual([]);
  });
});
