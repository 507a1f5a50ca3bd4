import type { LogLevel } from '@pds/observability';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { toInteger } from './env-fields';

// TypeScript's mixin pattern asks for exactly this constructor type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EnvironmentClass = new (...args: any[]) => object;

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const satisfies readonly LogLevel[];

/** How much an app logs, added to its environment class (a mixin: the apps' bases differ). */
export function withLogLevel<Base extends EnvironmentClass>(base: Base) {
  class LogLevelSetting extends base {
    @IsIn(LOG_LEVELS)
    LOG_LEVEL: LogLevel = 'info';
  }
  return LogLevelSetting;
}

/** Where an app that serves HTTP listens, `port` unless set; 0 lets the kernel pick a free port. */
export function withHttpListener<Base extends EnvironmentClass>(base: Base, port: number) {
  class HttpListenerSettings extends base {
    @toInteger()
    @IsInt()
    @Min(0)
    @Max(65_535)
    PORT = port;

    @IsString()
    HOST = '0.0.0.0';
  }
  return HttpListenerSettings;
}

// The root the mixins extend (Object would bring its own keys, such as toString, into the settings').
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
class NoSettings {}

/** Settings every app reads, the simulators' base (they use neither Redis nor a metrics port). */
export class AppEnvironment extends withLogLevel(NoSettings) {}
