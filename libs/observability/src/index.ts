export * from './json-logger';
export * from './metrics/freshness';
export * from './metrics/metrics-endpoint';
export * from './metrics/metrics-registry';
export * from './metrics/metrics-server';
export * from './metrics/read-at-scrape';
export * from './metrics/readiness';
