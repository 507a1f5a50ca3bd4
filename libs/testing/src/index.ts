export * from './redis-server';
export * from './spawn-app';
export * from './test-prefix';
export * from './market-fixture';
export * from './exchange-history';
