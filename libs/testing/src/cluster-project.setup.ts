// Runs before each test file of the `cluster` project (Jest gives every test file its own copy of
// process.env): testRedis() then answers the cluster, for the test code and the apps it spawns.
import { TEST_REDIS_TOPOLOGY } from './test-redis-variables';

process.env[TEST_REDIS_TOPOLOGY] = 'cluster';
