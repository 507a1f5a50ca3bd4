import { runWorker } from '@pds/config';
import { CacheEnvironment } from './cache.environment';
import { CacheModule } from './cache.module';

runWorker({
  app: 'cache',
  environment: CacheEnvironment,
  module: (env, logger) => CacheModule.register(env, logger),
  readyFields: (env) => ({
    worker: env.CACHE_WORKER_ID,
    symbol: env.SYMBOL,
    exchange: env.exchangeSettings().primary.name,
    exchangeRestUrl: env.exchangeSettings().primary.restUrl,
    concurrency: env.CACHE_CONCURRENCY,
  }),
});
