export * from './redis-server';
export * from './spawn-app';
export * from './test-prefix';
