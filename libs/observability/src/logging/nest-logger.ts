import type { LoggerService } from '@nestjs/common';
import type { AppLogger } from './app-logger';

function contextOf(params: unknown[]): { context?: string } {
  const last = params.at(-1);
  return typeof last === 'string' ? { context: last } : {};
}

/**
 * Nest's own messages on the app's logger. Nest's `log` calls are boot chatter (modules loaded,
 * routes mapped), so they go to debug; `context` is the class name Nest passes last.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.logger.debug(contextOf(params), String(message));
  }

  error(message: unknown, ...params: unknown[]): void {
    const trace = params.length > 1 ? params[0] : undefined;
    this.logger.error({ ...contextOf(params), ...(trace ? { trace } : {}) }, String(message));
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.logger.warn(contextOf(params), String(message));
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.logger.debug(contextOf(params), String(message));
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.logger.debug(contextOf(params), String(message));
  }
}
