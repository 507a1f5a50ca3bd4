import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadEnvironmentOrExit } from '@pds/config';
import { JsonLogger } from '@pds/observability';
import { CacheEnvironment } from './cache.environment';
import { CacheModule } from './cache.module';

type ContextOptions = Parameters<typeof NestFactory.createApplicationContext>[1];

/** A graceful stop that hangs (a job waiting out an exchange pause, Redis gone) must still end. */
const STOP_DEADLINE_MS = 5000;

async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(CacheEnvironment);
  const logger = new JsonLogger('cache', env.LOG_LEVEL);
  const options: ContextOptions = { logger };
  const app = await NestFactory.createApplicationContext(CacheModule.register(env, logger), options);

  // Nest's own shutdown hooks re-raise the signal after closing (exit code 143); an orderly stop exits 0.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.event('error', 'stop-failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  logger.info('ready', {
    port: 0,
    worker: env.CACHE_WORKER_ID,
    symbol: env.SYMBOL,
    exchange: env.EXCHANGE_REST_URL,
    concurrency: env.CACHE_CONCURRENCY,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', app: 'cache', msg: 'boot-failed', error: String(error) })}\n`,
  );
  process.exit(1);
});
