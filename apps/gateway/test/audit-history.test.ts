import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import type { Kline } from '@pds/market';
import type { RunningApp } from '@pds/testing';
import { gatewayHarness, type GatewayHarness, getJson } from './support/gateway-harness';
import { isMsg, type Sim, startCache, startSim } from './support/history-stack';

const AUDIT = resolve(__dirname, '../../../dist/tools/audit-history.js');
const FROM = '2018-02-07T00:00:00.000Z';
const TO = '2018-02-12T00:00:00.000Z';

interface AuditRun {
  readonly code: number;
  readonly lines: string[];
}

describe('npm run audit-history (stored klines against the exchange’s REST history)', () => {
  let harness: GatewayHarness;
  let sim: Sim;
  let cache: RunningApp;
  let apiKey: string;

  beforeAll(async () => {
    harness = await gatewayHarness('audit-history');
    sim = await startSim();
    cache = await startCache(harness, sim);
    apiKey = (await harness.createKey({ requestsPerMinute: 10_000 })).key;
    await Promise.all([
      harness.startGateway(),
      cache.waitForLog(isMsg('job-completed', { name: 'warm-up' })),
    ]);
    // The read-through stores the range, with the 2018-02-08 halt's hole, cut and off-grid klines.
    const response = await getJson(
      `${harness.url()}/api/v1/prices/klines?interval=1h&from=${FROM}&to=${TO}`,
      {
        'x-api-key': apiKey,
      },
    );
    expect(response.status).toBe(200);
  });

  afterAll(async () => {
    await cache.stop();
    await sim.app.stop();
    await harness.close();
  });

  function audit(...extra: string[]): Promise<AuditRun> {
    return run(['--from', FROM, '--to', TO, '--interval', '1h', ...extra]);
  }

  function run(options: string[]): Promise<AuditRun> {
    const env = {
      ...process.env,
      ...harness.redisEnv,
      REDIS_PREFIX: harness.prefix,
      EXCHANGE_REST_URL: sim.restUrl,
    };
    const args = [AUDIT, ...options];
    return new Promise((done) => {
      execFile(process.execPath, args, { env: { ...env, AUDIT_API_KEY: apiKey } }, (error, stdout) => {
        done({ code: typeof error?.code === 'number' ? error.code : 0, lines: stdout.trim().split('\n') });
      });
    });
  }

  it('reports nothing on a healthy stack, from Redis and through the gateway', async () => {
    const fromRedis = await audit();
    expect(fromRedis).toEqual({ code: 0, lines: [`1h ${FROM} → ${TO}: 0 holes, 0 extras, 0 mismatches`] });
    expect(await audit('--gateway', harness.url())).toEqual(fromRedis);
  });

  it('reports exactly a hole and a mismatch planted in Redis, and exits non-zero', async () => {
    const key = harness.keys.closedKlines('btcusdt', '1h');
    const hole = Date.parse('2018-02-09T10:28:14.789Z');
    const changed = Date.parse('2018-02-08T00:00:00.000Z');
    const [member] = await harness.redis.zrangebyscore(key, changed, changed);
    const kline = JSON.parse(member ?? '{}') as Kline;
    await harness.redis.zremrangebyscore(key, hole, hole);
    await harness.redis.zremrangebyscore(key, changed, changed);
    await harness.redis.zadd(key, changed, JSON.stringify({ ...kline, volume: '1.00000000' }));

    expect(await audit()).toEqual({
      code: 1,
      lines: [
        'hole 2018-02-09T10:28:14.789Z',
        `mismatch 2018-02-08T00:00:00.000Z volume: exchange ${kline.volume}, stored 1.00000000`,
        `1h ${FROM} → ${TO}: 1 holes, 0 extras, 1 mismatches`,
      ],
    });
  });

  it('refuses wrong usage with exit code 2', async () => {
    expect((await run(['--from', FROM, '--to', TO, '--interval', '2h'])).code).toBe(2);
    expect((await run(['--from', TO, '--to', FROM, '--interval', '1h'])).code).toBe(2);
  });
});
