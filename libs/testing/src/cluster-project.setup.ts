// Runs before each test file of the `cluster` project (Jest gives every test file its own copy of
// process.env): testRedis() then answers the cluster, for the test code and the apps it spawns.
import { TEST_REDIS_TOPOLOGY } from './test-redis-variables';

process.env[TEST_REDIS_TOPOLOGY] = 'cluster';

// This project checks that the service works on a Redis Cluster, not the request deadline (the
// `slow-redis` and fault suites do): on two cores running three cluster nodes beside the other
// suites, a gateway's first requests can take longer than the 800 ms default before answering 503.
process.env.REQUEST_DEADLINE_MS = '3000';
