export * from './redis-server';
export * from './spawn-app';
export * from './test-prefix';
export * from './market-fixture';
export * from './poll';
export * from './stream-client';
export * from './exchange-sim';
export * from './stored-market';
