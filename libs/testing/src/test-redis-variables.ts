/**
 * Set for each test file by the `cluster` Jest project (cluster-project.setup.ts): testRedis()
 * then answers the cluster whose nodes the project's global set-up put in TEST_REDIS_CLUSTER_NODES.
 */
export const TEST_REDIS_TOPOLOGY = 'TEST_REDIS_TOPOLOGY';
export const TEST_REDIS_CLUSTER_NODES = 'TEST_REDIS_CLUSTER_NODES';
