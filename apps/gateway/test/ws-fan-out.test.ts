import { PRICE } from '@pds/testing';
import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { eventually, type Sim, startIngestor, startSim } from './support/live-market';
import { connect, type StreamClient, wsUrl } from './support/ws-client';

/** 1,000 in CI; set WS_FANOUT_CLIENTS to try more or fewer. */
const CLIENTS = Number(process.env.WS_FANOUT_CLIENTS ?? 1000);
/** Connections opened at once, so the test's own process is not the bottleneck. */
const BATCH = 100;

/**
 * Acceptance 5 of issue 5: one gateway process with many connected clients delivers an injected
 * trade to every one of them, through one Redis subscription.
 */
describe(`WebSocket fan-out to ${CLIENTS} clients`, () => {
  let harness: GatewayHarness;
  let sim: Sim;
  let ingestor: RunningApp;
  let key: string;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    harness = await gatewayHarness('ws-fan-out');
    sim = await startSim();
    ingestor = await startIngestor(harness.prefix, sim);
    ({ key } = await harness.createKey({ wsConnections: CLIENTS + 10 }));
    await harness.startGateway();
    await sim.trade('97000.10', '0.5');
    await eventually(async () => {
      const response = await getJson(`${harness.url()}${PRICE}`, { 'x-api-key': key });
      return response.status === 200 ? true : undefined;
    }, 'market data');
  });

  afterAll(async () => {
    for (let start = 0; start < clients.length; start += BATCH) {
      await Promise.all(
        clients.slice(start, start + BATCH).map((client) => client.close().catch(() => undefined)),
      );
    }
    await ingestor.stop();
    await sim.app.stop();
    await harness.close();
  });

  const subscribers = async (): Promise<number> => {
    const reply = await harness.redis.pubsub('NUMSUB', harness.keys.priceChannel('btcusdt'));
    return Number(reply[1]);
  };

  it('should deliver an injected trade to every connected client', async () => {
    const url = wsUrl(harness.url(), PRICE, { apiKey: key });
    for (let start = 0; start < CLIENTS; start += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(BATCH, CLIENTS - start) }, () => connect(url)),
      );
      for (const { client, first } of batch) {
        clients.push(client);
        expect(first).toHaveProperty('price');
      }
    }
    expect(clients).toHaveLength(CLIENTS);
    // One subscription for the whole process, however many sockets follow the channel.
    expect(await subscribers()).toBe(1);

    await sim.trade('97555.55', '0.01');
    const frames = await Promise.all(
      clients.map((client) => client.take((frame) => frame.price === '97555.55000000', 'the trade', 30_000)),
    );
    expect(frames).toHaveLength(CLIENTS);
    expect(new Set(clients.map((client) => client.raw.at(-1))).size).toBe(1);
  });

  it('should keep the one subscription of its market mirror after the last local client leaves', async () => {
    for (let start = 0; start < clients.length; start += BATCH) {
      await Promise.all(clients.slice(start, start + BATCH).map((client) => client.close()));
    }
    // The in-memory mirror follows the price channel for REST reads, with or without sockets.
    expect(await subscribers()).toBe(1);
    const { client, first } = await connect(wsUrl(harness.url(), PRICE, { apiKey: key }));
    clients.push(client);
    expect(first).toHaveProperty('price');
    await sim.trade('97666.66', '0.01');
    await client.take((frame) => frame.price === '97666.66000000', 'a trade after the others left');
  });
});
