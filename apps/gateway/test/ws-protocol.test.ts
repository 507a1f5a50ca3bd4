import { CURRENT_KLINE, PRICE } from '@pds/testing';
import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness } from './support/gateway-harness';
import { seedMarket } from './support/market-fixture';
import { connect, type StreamClient, wsUrl } from './support/ws-client';

/** CONTRACT section 6: heartbeats, client frames, and the close on shutdown. */
describe('WebSocket protocol rules', () => {
  let harness: GatewayHarness;
  let gateway: RunningApp;
  let key: string;
  let keyId: string;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    harness = await gatewayHarness('ws-protocol');
    await seedMarket(harness.redis, harness.keys);
    ({ key, id: keyId } = await harness.createKey({ wsConnections: 10 }));
    gateway = await harness.startGateway({ WS_PING_INTERVAL_MS: '200' });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await harness.close();
  });

  const open = async (app: RunningApp, path = PRICE, autoPong = true) => {
    const opened = await connect(
      wsUrl(`http://127.0.0.1:${app.port}`, path, { apiKey: key, interval: '1m' }),
      {
        autoPong,
      },
    );
    clients.push(opened.client);
    return opened.client;
  };

  it('should ping, keep a peer that answers, and drop one that misses two pongs', async () => {
    const answering = await open(gateway);
    const silent = await open(gateway, PRICE, false);
    let pings = 0;
    const fivePings = new Promise<void>((resolve) => {
      answering.socket.on('ping', () => {
        pings += 1;
        if (pings === 5) resolve();
      });
    });
    // The silent peer is terminated (no close frame: 1006 on its side) after two unanswered pings.
    expect((await silent.closedWithin()).code).toBe(1006);
    await fivePings;
    expect(answering.closeInfo).toBeUndefined();
  });

  it('should ignore client text frames and close a frame over 4 KiB with 1009', async () => {
    const client = await open(gateway);
    client.socket.send('hello');
    client.socket.send('{"event":"subscribe","data":"x"}');
    client.socket.send('x'.repeat(4096));
    await client.roundTrip();
    expect(client.frames).toHaveLength(1);
    expect(client.closeInfo).toBeUndefined();
    client.socket.send('x'.repeat(4097));
    expect((await client.closedWithin()).code).toBe(1009);
  });

  it('should close every socket with 1001 on SIGTERM and release their leases', async () => {
    const leaving = await harness.startGateway();
    const sockets = [await open(leaving), await open(leaving), await open(leaving, CURRENT_KLINE)];
    expect(
      await harness.redis.zcard(harness.keys.wsConnections(keyId, 'getCurrentPrice')),
    ).toBeGreaterThanOrEqual(2);
    await leaving.stop('SIGTERM');
    const closes = await Promise.all(sockets.map((client) => client.closedWithin()));
    expect(closes.map((close) => close.code)).toEqual([1001, 1001, 1001]);
    // Only the other gateway's sockets still hold slots.
    const held = await Promise.all(
      ['getCurrentPrice', 'getCurrentKline'].map((operation) =>
        harness.redis.zcard(harness.keys.wsConnections(keyId, operation)),
      ),
    );
    const stillOpen = clients.filter(
      (client) => client.closeInfo === undefined && client.socket.url.includes(String(gateway.port)),
    );
    expect(held[0]).toBe(stillOpen.length);
    expect(held[1]).toBe(0);
  });
});
