import { runWorker } from '@pds/config';
import { IngestorEnvironment } from './ingestor.environment';
import { IngestorModule } from './ingestor.module';

runWorker({
  app: 'ingestor',
  environment: IngestorEnvironment,
  module: (env, logger) => IngestorModule.register(env, logger),
  readyFields: (env) => {
    const { primary, standbys } = env.exchangeSettings();
    return {
      ingestorId: env.INGESTOR_ID,
      symbol: env.SYMBOL,
      exchange: primary.name,
      standbys: standbys.map((standby) => standby.name),
    };
  },
});
