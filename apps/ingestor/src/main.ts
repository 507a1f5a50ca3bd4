import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadEnvironmentOrExit } from '@pds/config';
import { JsonLogger } from '@pds/observability';
import { IngestorEnvironment } from './ingestor.environment';
import { IngestorModule } from './ingestor.module';

type ContextOptions = Parameters<typeof NestFactory.createApplicationContext>[1];

/** A graceful stop that hangs (Redis gone, say) must still end the process. */
const STOP_DEADLINE_MS = 5000;

async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(IngestorEnvironment);
  const logger = new JsonLogger('ingestor', env.LOG_LEVEL);
  // Nest types its options bag as a declared class without a runtime value; a literal is what it expects.

  const options: ContextOptions = { logger };
  const app = await NestFactory.createApplicationContext(IngestorModule.register(env, logger), options);

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
    ingestorId: env.INGESTOR_ID,
    symbol: env.SYMBOL,
    exchange: env.EXCHANGE_WS_URL,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', app: 'ingestor', msg: 'boot-failed', error: String(error) })}\n`,
  );
  process.exit(1);
});
