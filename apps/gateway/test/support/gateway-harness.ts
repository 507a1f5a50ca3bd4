import type { RedisClient } from '@pds/redis';
import { RedisKeys } from '@pds/redis/redis-keys';
import {
  deletePrefix,
  type RedisTarget,
  type RunningApp,
  spawnApp,
  testRedis,
  UNHURRIED_REDIS,
  uniquePrefix,
} from '@pds/testing';
import { ApiKeyStore, type NewApiKey } from '../../src/keys/store/api-key.store';
import { GatewayEnvironment } from '../../src/gateway.environment';

/**
 * The request deadline of the gateways tests start: the suites run two at a time on two cores beside
 * the processes they start, where a request can take a second of CPU alone. The tests of the
 * deadline itself (slow Redis, Redis outage, the fault suite) pass SHIPPED_REQUEST_DEADLINE.
 */
const TEST_REQUEST_DEADLINE = { REQUEST_DEADLINE_MS: '3000' };

/**
 * Bounds for suites that judge what is answered or shown, not how fast: a stalled or loaded machine
 * makes a gateway with the test deadline answer 503 (the docs page's scripts once, after 3 s).
 */
export const UNHURRIED_BOUNDS = { REQUEST_DEADLINE_MS: '30000', ...UNHURRIED_REDIS };

/** The deadline a deployment gets by default (800 ms), for the tests that check it. */
export const SHIPPED_REQUEST_DEADLINE = {
  REQUEST_DEADLINE_MS: String(new GatewayEnvironment().REQUEST_DEADLINE_MS),
};

export interface GatewayHarness {
  readonly redis: RedisClient;
  readonly keys: RedisKeys;
  readonly prefix: string;
  /** The apps' environment for the harness's Redis. */
  readonly redisEnv: Readonly<Record<string, string>>;
  readonly gateways: RunningApp[];
  /** Base URL of the first gateway. */
  url(index?: number): string;
  createKey(request?: Partial<NewApiKey>, key?: string): Promise<{ key: string; id: string }>;
  revokeKey(id: string): Promise<void>;
  startGateway(env?: Record<string, string>): Promise<RunningApp>;
  close(): Promise<void>;
}

/**
 * A key prefix of the test file's own on a real Redis (the test run's topology unless `target` says
 * otherwise), and real gateway processes (built by `npm run build`) reading it.
 */
export async function gatewayHarness(
  label: string,
  target: RedisTarget = testRedis(),
): Promise<GatewayHarness> {
  const prefix = uniquePrefix(label);
  const redis = target.connect('test-harness');
  await redis.ping();
  const keys = new RedisKeys(prefix);
  const store = new ApiKeyStore(redis, keys);
  const gateways: RunningApp[] = [];
  const startGateway = async (env: Record<string, string> = {}): Promise<RunningApp> => {
    const app = await spawnApp('gateway', {
      ...target.env,
      REDIS_PREFIX: prefix,
      HOST: '127.0.0.1',
      ...TEST_REQUEST_DEADLINE,
      ...env,
    });
    gateways.push(app);
    return app;
  };
  return {
    redis,
    keys,
    prefix,
    redisEnv: target.env,
    gateways,
    url: (index = 0) => `http://127.0.0.1:${gateways[index]?.port ?? 0}`,
    createKey: async (request = {}, key) => {
      const created = await store.create({ name: 'test', ...request }, key);
      return { key: created.key, id: created.record.id };
    },
    revokeKey: async (id) => {
      await store.revoke(id);
    },
    startGateway,
    close: async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await deletePrefix(redis, prefix).catch(() => undefined);
      redis.disconnect();
    },
  };
}

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
