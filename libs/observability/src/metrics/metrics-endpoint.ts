import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
  type Provider,
} from '@nestjs/common';
import { Registry } from 'prom-client';
import { AppLogger } from '../logging/app-logger';
import { type MetricsServer, startMetricsServer } from './metrics-server';
import { createMetricsRegistry } from './metrics-registry';
import { READINESS_PROBE, type ReadinessProbe } from './readiness';
import { readinessGauge } from './readiness-gauge';

export interface MetricsSettings {
  readonly host: string;
  readonly port: number;
}

const METRICS_SETTINGS = Symbol('METRICS_SETTINGS');

/**
 * The app's metrics server, listening from bootstrap (before the app logs `ready`) until shutdown.
 * Logs `metrics-listening` with the port, which is how tests find a kernel-chosen one.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: MetricsServer | undefined;

  constructor(
    private readonly registry: Registry,
    @Inject(METRICS_SETTINGS) private readonly settings: MetricsSettings,
    private readonly logger: AppLogger,
    @Optional() @Inject(READINESS_PROBE) private readonly probe?: ReadinessProbe,
  ) {
    if (probe) readinessGauge(registry, () => probe.check());
  }

  get port(): number | undefined {
    return this.server?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const probe = this.probe;
    this.server = await startMetricsServer({
      registry: this.registry,
      host: this.settings.host,
      port: this.settings.port,
      ...(probe ? { readiness: () => probe.check() } : {}),
    });
    this.logger.info({ port: this.server.port, host: this.settings.host }, 'metrics-listening');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}

/**
 * The providers of an app's metrics: its Registry (inject `Registry` to add metrics), and the
 * endpoint. Provide READINESS_PROBE beside them to serve `/ready`.
 */
export function metricsProviders(settings: MetricsSettings): Provider[] {
  return [
    { provide: Registry, useFactory: createMetricsRegistry },
    { provide: METRICS_SETTINGS, useValue: settings },
    MetricsEndpoint,
  ];
}
