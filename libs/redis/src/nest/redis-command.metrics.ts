import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Counter, Histogram, Registry } from 'prom-client';
import type { RedisClient } from '../redis-connection';
import { REDIS_COMMAND } from '../redis.tokens';
import { storageRefusalOf } from '../refusals/storage-refusal';

/** One PING per interval: enough to see latency move, nothing on the request path. */
const PING_INTERVAL_MS = 5000;
/** A PING slower than this counts as a `timeout` error (its late answer is still observed). */
const PING_TIMEOUT_MS = 2000;
const LATENCY_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The kind of a failed Redis call: its reply code (`OOM`, `LOADING`, …), `unreachable`, or `other`. */
export function redisErrorKind(error: unknown): string {
  return storageRefusalOf(error)?.code ?? 'other';
}

/**
 * Redis as this app sees it, measured beside the traffic instead of on it: a PING on the command
 * connection every 5 s (it queues behind the app's own commands, so its round trip is theirs), and
 * the connection's errors by kind (connection failures by their code, failed PINGs by reply code).
 */
@Injectable()
export class RedisCommandMetrics implements OnModuleDestroy {
  private readonly latency: Histogram;
  private readonly errors: Counter<'kind'>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    registry: Registry,
    @Inject(REDIS_COMMAND) private readonly client: RedisClient,
  ) {
    this.latency = new Histogram({
      name: 'pds_redis_command_duration_seconds',
      help: "Round trip of a PING on this app's Redis command connection, sent every 5 s",
      buckets: LATENCY_BUCKETS_S,
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'pds_redis_errors_total',
      help: "Errors of this app's Redis command connection, by kind (reply code, connection error code, timeout)",
      labelNames: ['kind'],
      registers: [registry],
    });
    // "No error yet" is an answer, not an absent series.
    this.errors.inc({ kind: 'unreachable' }, 0);
    client.on('error', (error: NodeJS.ErrnoException) => {
      this.errors.inc({ kind: error.code ?? redisErrorKind(error) });
    });
    this.timer = setInterval(() => {
      void this.ping();
    }, PING_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async ping(): Promise<void> {
    const started = performance.now();
    const late = setTimeout(() => {
      this.errors.inc({ kind: 'timeout' });
    }, PING_TIMEOUT_MS);
    try {
      await this.client.ping();
      this.latency.observe((performance.now() - started) / 1000);
    } catch (error) {
      this.errors.inc({ kind: redisErrorKind(error) });
    } finally {
      clearTimeout(late);
    }
  }
}
