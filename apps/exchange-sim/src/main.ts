import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnvironmentOrExit } from '@pds/config';
import { createAppLogger, NestLogger } from '@pds/observability';
import { SimStatsService } from './stats/sim-stats.service';
import { Clock } from './market/clock';
import { registerWeightLimit } from './rest/weight-limit.hook';
import { WeightLimiter } from './rest/weight-limiter';
import { SimEnvironment } from './sim.environment';
import { SimModule } from './sim.module';
import { StreamGateway } from './stream/stream.gateway';

/** The Binance spot public-API simulator: REST and WebSocket streams on one port. */
async function main(): Promise<void> {
  const env = loadEnvironmentOrExit(SimEnvironment);
  const logger = createAppLogger('exchange-sim', env.LOG_LEVEL);
  // Nest's own start-up chatter (mapped routes...) is not worth a line each; warnings still are.
  // Nest types its options bag as a declared class that has no runtime value; a literal is what it expects.

  const options: NestApplicationOptions = {
    logger: new NestLogger(createAppLogger('exchange-sim', 'warn')),
  };
  const app = await NestFactory.create<NestFastifyApplication>(
    SimModule.register(env),
    new FastifyAdapter(),
    options,
  );
  registerWeightLimit(app.getHttpAdapter().getInstance(), {
    limiter: app.get(WeightLimiter),
    stats: app.get(SimStatsService),
    clock: app.get(Clock),
  });
  app.get(StreamGateway).attach(app.getHttpServer());
  app.enableShutdownHooks();
  await app.listen(env.PORT, env.HOST);
  const { port } = app.getHttpServer().address() as AddressInfo;
  logger.info({ port, seed: env.SIM_SEED, historyStart: env.SIM_HISTORY_START }, 'ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
