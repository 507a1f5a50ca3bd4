import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppLogger, createAppLogger, NestLogger, type LogFields, type LogLevel } from '@pds/observability';
import { loadEnvironmentOrExit } from './load-environment';

type ContextOptions = Parameters<typeof NestFactory.createApplicationContext>[1];

/** A graceful stop that hangs (a job waiting out an exchange pause, Redis gone) must still end. */
const STOP_DEADLINE_MS = 5000;

export interface WorkerDefinition<Env extends { LOG_LEVEL: LogLevel }> {
  readonly app: string;
  readonly environment: new () => Env;
  readonly module: (env: Env, logger: AppLogger) => DynamicModule;
  /** Fields of the `ready` log line besides `port: 0`. */
  readonly readyFields: (env: Env) => LogFields;
}

function stopOnSignals(close: () => Promise<void>, logger: AppLogger): void {
  // Nest's own shutdown hooks re-raise the signal after closing (exit code 143); an orderly stop exits 0.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ error: String(error) }, 'stop-failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function start<Env extends { LOG_LEVEL: LogLevel }>(definition: WorkerDefinition<Env>): Promise<void> {
  const env = loadEnvironmentOrExit(definition.environment);
  const logger = createAppLogger(definition.app, env.LOG_LEVEL);
  const options: ContextOptions = { logger: new NestLogger(logger) };
  const app = await NestFactory.createApplicationContext(definition.module(env, logger), options);
  stopOnSignals(() => app.close(), logger);
  logger.info({ port: 0, ...definition.readyFields(env) }, 'ready');
}

/**
 * Runs a worker app (no HTTP port) as a Nest application context: validated environment, JSON
 * logs, a `ready` line, and an orderly stop on SIGTERM/SIGINT that exits 0 (or 1 past a deadline).
 */
export function runWorker<Env extends { LOG_LEVEL: LogLevel }>(definition: WorkerDefinition<Env>): void {
  start(definition).catch((error: unknown) => {
    const line = { level: 'error', app: definition.app, msg: 'boot-failed', error: String(error) };
    process.stderr.write(`${JSON.stringify(line)}\n`);
    process.exit(1);
  });
}
