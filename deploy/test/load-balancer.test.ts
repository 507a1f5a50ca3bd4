import { request } from 'node:http';
import { eventually, PRICE, type RunningApp } from '@pds/testing';
import { getJson, until, connect, type StreamClient, wsUrl } from '../../apps/gateway/test/support';
import { type ReplicaStack, startReplicaStack } from './support/replica-stack';

const CURRENT_KLINE = '/api/v1/prices/klines/current?interval=1m';

/** A Price: the snapshot frame of the current-price stream. */
const PRICE_FRAME = { price: expect.any(String) as unknown, time: expect.any(String) as unknown };

/**
 * A Price frame of a trade at or after `time` (epoch ms): the injected trade's own price, or a later
 * one when the ingestor merged it with the next trade into one write.
 */
const pricedSince =
  (time: number) =>
  (frame: Record<string, unknown>): boolean =>
    typeof frame.time === 'string' && Date.parse(frame.time) >= time;

type Opened = Awaited<ReturnType<typeof connect>>;

/** How many `msg` lines `app` printed from line `from` on. */
function countLines(app: RunningApp, from: number, msg: string): number {
  return app.output.slice(from).filter((line) => line.includes(`"msg":"${msg}"`)).length;
}

/** A GET through nginx from a client bound to `localAddress`, with extra headers. */
function getFrom(url: string, localAddress: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { localAddress, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(response.statusCode ?? 0);
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('two gateways behind the shipped nginx configuration (local multi-replica)', () => {
  let stack: ReplicaStack;
  const clients: StreamClient[] = [];

  const open = async (url: string): Promise<StreamClient> => {
    const { client } = await connect(url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    stack = await startReplicaStack('load-balancer');
  });

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await stack.close();
  });

  it('should let exactly 40 of 45 requests of one key on one operation through, across both replicas', async () => {
    const { key } = await stack.harness.createKey();
    const before = stack.replicas.map((app) => app.output.length);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 45; attempt += 1) {
      statuses.push((await getJson(`${stack.nginx.url}${PRICE}`, { 'x-api-key': key })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(40);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await getJson(`${stack.nginx.url}${CURRENT_KLINE}`, { 'x-api-key': key })).status).toBe(200);
    // Both replicas answered some of them: the limit is the key's, not each replica's.
    for (const [index, app] of stack.replicas.entries()) {
      const requests = app.output.slice(before[index]).filter((line) => line.includes('"msg":"request"'));
      expect({ replica: index, answered: requests.length > 0 }).toEqual({ replica: index, answered: true });
    }
  });

  it("should take the client's address from nginx, not from a header the client sent", async () => {
    const { keys, redis } = stack.harness;
    const status = await getFrom(`${stack.nginx.url}${PRICE}`, '127.0.0.2', {
      'x-api-key': 'not-a-key',
      'x-forwarded-for': '198.51.100.7',
    });
    expect(status).toBe(401);
    // The failed authentication is counted for the address nginx saw, on whichever replica answered.
    expect(await redis.exists(keys.authFailures('127.0.0.2'))).toBe(1);
    expect(await redis.exists(keys.authFailures('198.51.100.7'))).toBe(0);
    expect(await redis.exists(keys.authFailures('127.0.0.1'))).toBe(0);
  });

  it('should upgrade WebSockets through nginx: a snapshot, then an injected trade streamed', async () => {
    const { key } = await stack.harness.createKey();
    const { client, first } = await connect(wsUrl(stack.nginx.url, PRICE, { apiKey: key }));
    clients.push(client);
    expect(first).toEqual(PRICE_FRAME);
    const trade = await stack.sim.trade('12345.67', '0.01');
    await client.take(pricedSince(trade.time), 'the price of the injected trade');
    await client.close();
  });

  it('should close the clients of a gateway stopped with SIGTERM with 1001, and let them reconnect to the other at once', async () => {
    const { key } = await stack.harness.createKey({ wsConnections: 10 });
    const url = wsUrl(stack.nginx.url, PRICE, { apiKey: key });
    const [leaving, staying] = stack.replicas as [RunningApp, RunningApp];
    const [leavingFrom, stayingFrom] = stack.replicas.map((app) => app.output.length) as [number, number];
    const streams: StreamClient[] = [];
    for (let count = 0; count < 6; count += 1) streams.push(await open(url));
    // least_conn spreads the sockets over both replicas; each logs the sockets it serves.
    await until(
      async () =>
        Promise.resolve(
          countLines(leaving, leavingFrom, 'ws-open') + countLines(staying, stayingFrom, 'ws-open'),
        ),
      (total) => total === streams.length,
      5000,
      'every socket to be logged open',
    );
    const onLeaving = countLines(leaving, leavingFrom, 'ws-open');
    expect(onLeaving).toBeGreaterThan(0);
    expect(onLeaving).toBeLessThan(streams.length);
    // As a real client does, each one told 1001 reconnects at once, while its gateway is still stopping.
    const reconnections = new Map<StreamClient, Promise<Opened | undefined>>(
      streams.map((client) => [
        client,
        client.closed.then((close) => (close.code === 1001 ? connect(url) : undefined)),
      ]),
    );
    const stayingBefore = countLines(staying, 0, 'ws-open');
    await leaving.stop('SIGTERM');
    const gone = await until(
      async () => Promise.resolve(streams.filter((client) => client.closeInfo !== undefined)),
      (closed) => closed.length >= onLeaving,
      5000,
      'the clients of the stopped gateway to be closed',
    );
    expect(gone).toHaveLength(onLeaving);
    expect(gone.map((client) => client.closeInfo?.code)).toEqual(gone.map(() => 1001));

    const reconnected = (await Promise.all(gone.map(async (client) => reconnections.get(client)))).flatMap(
      (opened) => (opened ? [opened] : []),
    );
    expect(reconnected).toHaveLength(gone.length);
    for (const { client, first } of reconnected) {
      clients.push(client);
      expect(first).toEqual(PRICE_FRAME);
    }
    // They are served by the replica that stays (its log lines may follow the first frame).
    await until(
      async () => Promise.resolve(countLines(staying, 0, 'ws-open')),
      (count) => count === stayingBefore + gone.length,
      5000,
      'the staying replica to log the reconnected sockets',
    );
    const trade = await stack.sim.trade('23456.78', '0.01');
    await Promise.all(
      reconnected.map(({ client }) => client.take(pricedSince(trade.time), 'a price streamed since')),
    );
    await Promise.all(clients.map((client) => client.close()));
    await stack.startReplica(0);
    await stack.servesThroughNginx(stack.replicas[0]!);
  });

  it('should answer every request of a request loop while both gateways restart one after the other', async () => {
    const outcomes: { status: number | string; at: number }[] = [];
    let running = true;
    const loop = async (): Promise<void> => {
      while (running) {
        const at = Date.now();
        const status = await getJson(`${stack.nginx.url}${PRICE}`, { 'x-api-key': stack.unlimitedKey }).then(
          (response) => response.status,
          (error: unknown) => String(error),
        );
        outcomes.push({ status, at });
      }
    };
    const loops = Array.from({ length: 4 }, () => loop());
    const restarts: { from: number; to: number }[] = [];
    try {
      for (const index of [0, 1]) {
        const from = Date.now();
        await stack.replicas[index]!.stop('SIGTERM');
        const replacement = await stack.startReplica(index);
        // Ready once its mirror is seeded from Redis (CONTRACT section 8), moments after it listens.
        await eventually(
          async () =>
            (await getJson(`http://127.0.0.1:${stack.ports[index]}/health/ready`)).status === 200
              ? true
              : undefined,
          'the replacement replica ready',
        );
        await stack.servesThroughNginx(replacement);
        restarts.push({ from, to: Date.now() });
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const failed = outcomes.filter((outcome) => outcome.status !== 200);
    expect(failed).toEqual([]);
    for (const restart of restarts) {
      const during = outcomes.filter((outcome) => outcome.at >= restart.from && outcome.at <= restart.to);
      expect(during.length).toBeGreaterThan(10);
    }
  }, 180_000); // two stops and starts in a row, each given a minute on a busy machine

  it("should answer the service's 503 with Retry-After, not nginx's error page, when no replica can", async () => {
    await Promise.all(stack.replicas.map((replica) => replica.stop('SIGTERM')));
    const response = await getJson(`${stack.nginx.url}${PRICE}`, { 'x-api-key': stack.unlimitedKey });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'No gateway replica is available. Retry after 1 second.',
    });
  });
});
