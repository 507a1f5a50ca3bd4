import { loadEnvironment } from '@pds/config/load-environment';
import { RedisEnvironment } from '@pds/config/redis-environment';
import { createPersistentRedis, type RedisClient } from '@pds/redis/redis-connection';
import { TEST_REDIS_CLUSTER_NODES, TEST_REDIS_TOPOLOGY } from './test-redis-variables';

/** A Redis the tests use: how the spawned apps are told about it, and how test code connects to it. */
export interface RedisTarget {
  /** The apps' environment for this Redis (REDIS_TOPOLOGY and REDIS_URL or REDIS_CLUSTER_NODES). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * A new connection, built exactly as the apps build theirs (a `Cluster` on a cluster): it queues
   * commands until connected and has no command timeout, so it also serves BullMQ and subscribers.
   */
  connect(connectionName?: string): RedisClient;
}

/**
 * The Redis command bound of apps in suites that judge what is stored or answered, not how fast: on a
 * loaded machine a command of the shared Redis has outlasted the shipped 1 s.
 */
export const UNHURRIED_REDIS = { REDIS_COMMAND_TIMEOUT_MS: '10000' };

export const SHARED_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function redisTarget(env: Readonly<Record<string, string>>): RedisTarget {
  const settings = loadEnvironment(RedisEnvironment, env);
  return { env, connect: (connectionName = 'test') => createPersistentRedis(settings, connectionName) };
}

/** One redis-server, e.g. a private one from startRedisServer. */
export function redisAt(url: string): RedisTarget {
  return redisTarget({ REDIS_TOPOLOGY: 'single', REDIS_URL: url });
}

/**
 * The Redis of this test file: the shared server, or the three-master cluster when the file runs in
 * the `cluster` project (TEST_REDIS_TOPOLOGY=cluster).
 */
export function testRedis(): RedisTarget {
  const topology = process.env[TEST_REDIS_TOPOLOGY] ?? 'single';
  if (topology === 'single') return redisAt(SHARED_REDIS_URL);
  const nodes = process.env[TEST_REDIS_CLUSTER_NODES];
  if (topology !== 'cluster' || !nodes) {
    throw new Error(
      `${TEST_REDIS_TOPOLOGY}=${topology} needs ${TEST_REDIS_TOPOLOGY}=cluster and ${TEST_REDIS_CLUSTER_NODES} ` +
        '(set by the cluster project of jest.config.js)',
    );
  }
  return redisTarget({ REDIS_TOPOLOGY: 'cluster', REDIS_CLUSTER_NODES: nodes });
}
