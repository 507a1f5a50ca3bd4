export * from './redis-server';
export * from './redis-cluster';
export * from './spawn-app';
export * from './test-prefix';
export * from './test-redis';
export * from './market-fixture';
export * from './test-redis-variables';
