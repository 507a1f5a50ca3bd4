import {
  eventually,
  isMsg,
  PRICE,
  readiness,
  redisAt,
  type RedisServer,
  type RunningApp,
  type Sim,
  spawnCache,
  spawnIngestor,
  startExchangeSim,
  startRedisServer,
} from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { RawWebSocket } from './support/raw-websocket';

jest.setTimeout(4 * 60_000);

/**
 * Both exchanges silent this long (issue 53's "a minute"), twice the age at which readiness used to
 * fail (30 s) and drop every replica at once.
 */
const SILENT_SECONDS = 60;

interface ReadyBody {
  readonly exchange?: { readonly source?: string | null; readonly ageSeconds: number | null };
  readonly message?: string;
  readonly reason?: string;
}

/**
 * CONTRACT section 8 through real processes: two gateways, two ingestors (leader and standby) and a
 * cache worker on a private Redis, fed by a Binance primary and a Kraken standby simulator.
 */
describe('Readiness of every replica (CONTRACT section 8)', () => {
  let server: RedisServer;
  let harness: GatewayHarness;
  let sims: Sim[];
  let workers: RunningApp[];

  let key: string;

  beforeAll(async () => {
    server = await startRedisServer();
    harness = await gatewayHarness('health-ready', redisAt(server.url));
    const market = { SIM_TRADES_PER_SECOND: '5', SIM_KLINE_PUSH_MS: '500' };
    const [primary, standby] = await Promise.all([
      startExchangeSim({ SIM_EXCHANGE: 'binance', ...market }),
      startExchangeSim({ SIM_EXCHANGE: 'kraken', ...market }),
    ]);
    sims = [primary, standby];
    const exchanges = {
      EXCHANGE: 'binance',
      EXCHANGE_STANDBYS: 'kraken',
      KRAKEN_WS_URL: `${standby.wsUrl}/v2`,
      KRAKEN_REST_URL: standby.restUrl,
    };
    const leader = await spawnIngestor(harness, primary, exchanges);
    await leader.waitForLog(isMsg('leader'));
    workers = [leader, await spawnIngestor(harness, primary, exchanges), await spawnCache(harness, primary)];
    await Promise.all([harness.startGateway(), harness.startGateway()]);
    ({ key } = await harness.createKey({ requestsPerMinute: 10_000 }));
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(sims.map((sim) => sim.app.stop()));
    await harness.close();
    await server.dispose();
  });

  const gatewayReady = async (index: number) => {
    const answer = await getJson(`${harness.url(index)}/health/ready`);
    return { status: answer.status, body: answer.body as ReadyBody };
  };
  const everyReplica = async () => [
    ...(await Promise.all([0, 1].map(gatewayReady))),
    ...(await Promise.all(
      workers.map(async (worker) => readiness(worker) as Promise<{ status: number; body: ReadyBody }>),
    )),
  ];

  it('should keep every replica ready, the body naming the age, while both exchanges stay silent for a minute', async () => {
    await eventually(
      async () => ((await everyReplica()).every((answer) => answer.status === 200) ? true : undefined),
      'every replica ready with both exchanges trading',
      60_000,
    );
    await Promise.all(sims.map((sim) => sim.dark('silent')));

    const ageOf = (answer: { body: ReadyBody }) => answer.body.exchange?.ageSeconds ?? 0;
    await eventually(
      async () => (ageOf(await gatewayReady(0)) >= SILENT_SECONDS ? true : undefined),
      'the newest exchange event a minute old',
      150_000,
    );
    const answers = await everyReplica();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(ageOf(answer)).toBeGreaterThanOrEqual(SILENT_SECONDS);
    }
    expect(answers[0]?.body.exchange?.source).toEqual(expect.stringMatching(/^(binance|kraken)$/));
  });

  it('should make every replica unready, naming Redis, while Redis is paused, and ready again once it answers', async () => {
    server.pause();
    try {
      const answers = await eventually(async () => {
        const all = await everyReplica();
        return all.every((answer) => answer.status === 503) ? all : undefined;
      }, 'every replica unready while Redis is paused');
      for (const { body } of answers) expect(body.message ?? body.reason).toMatch(/redis/);
    } finally {
      server.resume();
    }
    await eventually(
      async () => ((await everyReplica()).every((answer) => answer.status === 200) ? true : undefined),
      'every replica ready again once Redis answers',
      60_000,
    );
  });

  it('should make a gateway unready naming draining from its SIGTERM on, while the others stay ready', async () => {
    const draining = harness.gateways[1];
    if (!draining) throw new Error('no second gateway');
    // A client that never answers the close frame holds the drain open for its grace (2 s).
    const socket = await RawWebSocket.open(draining.port, `${PRICE}?apiKey=${key}`);
    await socket.firstFrame;
    draining.process.kill('SIGTERM');
    const message = await eventually(async () => {
      const answer = await gatewayReady(1).catch(() => undefined);
      return answer?.status === 503 ? answer.body.message : undefined;
    }, 'the draining gateway unready');
    expect(message).toMatch(/^Not ready: draining/);
    expect((await gatewayReady(0)).status).toBe(200);
    socket.destroy();
  });
});
