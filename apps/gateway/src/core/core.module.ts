import { type DynamicModule, Module } from '@nestjs/common';
import { AppLogger, metricsProviders } from '@pds/observability';
import { Registry } from 'prom-client';
import { GatewayEnvironment } from '../gateway.environment';
import { HttpMetrics } from '../metrics/http-metrics';

/**
 * What every area of the gateway reads and nothing else provides: the validated environment, the
 * logger and the metrics registry (with its HTTP metrics). Global, like a configuration module: they
 * are made in main() before Nest starts, and no area owns them.
 */
@Module({})
export class CoreModule {
  static forRoot(env: GatewayEnvironment, logger: AppLogger): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      providers: [
        { provide: GatewayEnvironment, useValue: env },
        { provide: AppLogger, useValue: logger },
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        HttpMetrics,
      ],
      exports: [GatewayEnvironment, AppLogger, Registry, HttpMetrics],
    };
  }
}
