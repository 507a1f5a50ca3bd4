import { IsInt, IsString, Max, Min } from 'class-validator';
import { withLogLevel } from './app-environment';
import { toInteger } from './env-fields';
import { RedisEnvironment } from './redis-environment';

/** Settings every service app shares (gateway, ingestor, cache worker): Redis, metrics, its log level. */
export class ServiceEnvironment extends withLogLevel(RedisEnvironment) {
  /** Prometheus metrics (and, for the workers, readiness) on a port of their own; 0 lets the kernel pick. */
  @toInteger()
  @IsInt()
  @Min(0)
  @Max(65_535)
  METRICS_PORT = 9464;

  @IsString()
  METRICS_HOST = '0.0.0.0';
}
