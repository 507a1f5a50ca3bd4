import { type DestinationStream, type Logger, pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

/**
 * Field names that may hold a secret, censored wherever they appear at the top of a line's fields
 * or one object down (e.g. `headers.authorization`). The one place redaction is configured; callers
 * still pass structured fields and never a raw URL, whose query may carry an API key.
 */
const REDACTED_FIELDS = [
  'apiKey',
  'x-api-key',
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'refreshToken',
  'adminToken',
  'password',
  'secret',
] as const;

const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => {
  const path = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  return [path, `*.${path}`.replace('.[', '[')];
});

/**
 * The logger of every app: pino, one JSON object per line with the level as its name, the ISO time
 * and the app's name. The injection token is this abstract class, so constructors ask for it by type.
 */
// A class and an interface of one name: a Nest injection token that types as pino's Logger. The
// class is never instantiated; the provider's value is the pino instance.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-extraneous-class
export abstract class AppLogger {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface AppLogger extends Logger {}

export function createAppLogger(app: string, level: LogLevel, destination?: DestinationStream): AppLogger {
  const options = {
    level,
    base: { app },
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
