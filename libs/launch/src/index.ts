export * from './apps';
export * from './code-cache';
