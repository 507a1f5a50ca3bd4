import type { LoggerService } from '@nestjs/common';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogFields = Record<string, unknown>;

/**
 * One JSON object per line on stdout, for every app. Callers pass structured fields, never a raw URL
 * or header: what could hold an API key is not given to the logger in the first place.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly app: string,
    private readonly minimumLevel: LogLevel = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {}

  event(level: LogLevel, message: string, fields: LogFields = {}): void {
    if (LEVEL_RANK[level] < LEVEL_RANK[this.minimumLevel]) return;
    const entry = { time: new Date().toISOString(), level, app: this.app, msg: message, ...fields };
    this.write(`${JSON.stringify(entry)}\n`);
  }

  info(message: string, fields?: LogFields): void {
    this.event('info', message, fields);
  }

  // Nest's LoggerService: `context` is the class name Nest passes as the last argument. Nest's own
  // `log` calls are boot chatter (modules loaded, routes mapped), so they go to debug.
  log(message: unknown, context?: unknown): void {
    this.event('debug', String(message), contextField(context));
  }

  error(message: unknown, trace?: unknown, context?: unknown): void {
    this.event('error', String(message), { ...contextField(context), ...(trace ? { trace } : {}) });
  }

  warn(message: unknown, context?: unknown): void {
    this.event('warn', String(message), contextField(context));
  }

  debug(message: unknown, context?: unknown): void {
    this.event('debug', String(message), contextField(context));
  }

  verbose(message: unknown, context?: unknown): void {
    this.event('debug', String(message), contextField(context));
  }
}

function contextField(context: unknown): LogFields {
  return typeof context === 'string' ? { context } : {};
}
