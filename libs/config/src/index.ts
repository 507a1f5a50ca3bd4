export * from './app-environment';
export * from './env-fields';
export * from './load-environment';
export * from './redis-environment';
export * from './run-worker';
export * from './service-environment';
