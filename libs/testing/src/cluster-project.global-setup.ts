// Jest global set-up of the `cluster` project (jest.config.js). Jest loads this file without the
// project's module mapping, so it imports by relative path only.
import { type RedisCluster, startRedisCluster } from './redis-cluster';
import { TEST_REDIS_CLUSTER_NODES } from './test-redis-variables';

/** Shared with the global teardown, which Jest runs in this same process. */
export const CLUSTER_GLOBAL = Symbol.for('pds.testRedisCluster');

/**
 * Starts one three-master Redis Cluster for the whole run. Its nodes reach the test files through
 * the environment of the test workers, which Jest starts after this set-up.
 */
export default async function startClusterForTests(): Promise<void> {
  const cluster = await startRedisCluster();
  Reflect.set(globalThis, CLUSTER_GLOBAL, cluster);
  process.env[TEST_REDIS_CLUSTER_NODES] = cluster.nodes;
}

export async function stopClusterForTests(): Promise<void> {
  const cluster = Reflect.get(globalThis, CLUSTER_GLOBAL) as RedisCluster | undefined;
  await cluster?.stop();
}
