export * from './redis-server';
export * from './spawn-app';
export * from './test-prefix';
export * from './market-fixture';
export * from './metrics-scrape';
export * from './sim-control';
