export * from './redis-connection';
export * from './redis-keys';
export * from './history-queue';
export * from './last-event-time';
export * from './script-command';
export * from './worker-connections';
