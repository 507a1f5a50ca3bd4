import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DEFAULT_SYMBOL } from '@pds/market';
import { freshnessOf } from '@pds/observability';
import {
  checkRedisHealth,
  type ExchangeStatus,
  readLastEventTime,
  RedisKeys,
  REDIS_COMMAND,
  type RedisClient,
} from '@pds/redis';
import { Public } from '../access/authentication/public.decorator';
import { RETRY_AFTER_HEADER } from '../docs/response-headers';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { ApiException } from '../errors/api-exception';
import { GatewayEnvironment } from '../gateway.environment';
import { PriceSource } from '../market-data/source/price-source';

interface HealthStatus {
  readonly status: 'ok';
}

interface ReadyStatus extends HealthStatus, Partial<ExchangeStatus> {
  readonly lastTickAgeMs: number;
}

/** Liveness and readiness for load balancers and orchestrators; no key, no rate limit. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  private readonly probeKey: string;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
    private readonly source: PriceSource,
  ) {
    this.probeKey = keys.readinessProbe(`gateway:${randomUUID()}`);
  }

  @Get()
  @ApiOperation({
    summary: 'Liveness',
    description:
      'Answers 200 while the process runs, whatever the state of Redis or the exchange: for restarting ' +
      'a stuck process. No key needed; over plain HTTP too behind the TLS load balancer.',
  })
  @ApiOkResponse({ description: 'The process is alive' })
  live(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness',
    description:
      'Answers 200 when this replica can serve: Redis takes writes, is not loading and does not ' +
      'evict keys, and the last exchange event is recent; it names the exchange serving the live data ' +
      '(`source`), the configured primary and the state of each configured exchange; ' +
      '503 naming the failing check otherwise, for load balancers to take the replica out of rotation. ' +
      'No key needed.',
  })
  @ApiOkResponse({ description: 'Redis answers and the last exchange tick is recent' })
  @ApiServiceUnavailableResponse({
    type: ErrorBodyDto,
    description: 'The failing check is named',
    headers: RETRY_AFTER_HEADER,
  })
  async ready(): Promise<ReadyStatus> {
    const redis = await checkRedisHealth(this.redis, this.probeKey);
    if (!redis.ok) throw ApiException.serviceUnavailable(`Not ready: ${redis.reason}`, 1);
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, DEFAULT_SYMBOL);
    } catch {
      throw ApiException.serviceUnavailable('Not ready: redis is unreachable', 1);
    }
    const freshness = freshnessOf(eventTime, this.env.READY_MAX_TICK_AGE_MS);
    const status = this.source.status;
    if (!freshness.fresh) {
      const source = status ? ` (source ${status.source}: ${describeExchanges(status)})` : '';
      throw ApiException.serviceUnavailable(`Not ready: marketData, ${freshness.staleReason}${source}`, 5);
    }
    return { status: 'ok', lastTickAgeMs: freshness.lastEventAgeMs, ...status };
  }
}

function describeExchanges(status: ExchangeStatus): string {
  return Object.entries(status.exchanges)
    .map(([exchange, state]) => `${exchange} ${state}`)
    .join(', ');
}
