export * from './redis-connection';
export * from './redis-keys';
export * from './history-queue';
export * from './script-command';
