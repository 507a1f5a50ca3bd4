import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnvironmentOrExit } from '@pds/config';
import { createAppLogger, NestLogger } from '@pds/observability';
import { DarkMode } from './dark/dark-mode';
import { registerDarkRest } from './dark/dark-rest.hook';
import { restrictedAnswer } from './dark/restricted-answer';
import { registerKrakenCallLimit } from './kraken/rest/kraken-call-limit.hook';
import { KrakenCallCounter } from './kraken/rest/kraken-call-counter';
import { withExchangeDefaults } from './sim-exchange';
import { SimStatsService } from './stats/sim-stats.service';
import { Clock } from './market/clock';
import { registerWeightLimit } from './rest/weight-limit.hook';
import { WeightLimiter } from './rest/weight-limiter';
import { SimEnvironment } from './sim.environment';
import { SimModule } from './sim.module';
import { LiveFeed } from './stream/live-feed';

/** One exchange's public market-data API (SIM_EXCHANGE): REST and WebSocket streams on one port. */
async function main(): Promise<void> {
  const env = withExchangeDefaults(loadEnvironmentOrExit(SimEnvironment), process.env);
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
  const fastify = app.getHttpAdapter().getInstance();
  // First: a restricted location is refused before any rate limit counts the request.
  registerDarkRest(fastify, app.get(DarkMode), restrictedAnswer(env.SIM_EXCHANGE));
  const limits = { stats: app.get(SimStatsService), clock: app.get(Clock) };
  if (env.SIM_EXCHANGE === 'kraken') {
    registerKrakenCallLimit(fastify, { ...limits, counter: app.get(KrakenCallCounter) });
  } else {
    registerWeightLimit(fastify, { ...limits, limiter: app.get(WeightLimiter), exchange: env.SIM_EXCHANGE });
  }
  app.get(LiveFeed).attach(app.getHttpServer());
  app.enableShutdownHooks();
  await app.listen(env.PORT, env.HOST);
  const { port } = app.getHttpServer().address() as AddressInfo;
  const { SIM_EXCHANGE: exchange, SIM_SEED: seed, SIM_HISTORY_START: historyStart } = env;
  logger.info({ port, exchange, seed, historyStart }, 'ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
