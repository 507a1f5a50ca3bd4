import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DEFAULT_SYMBOL } from '@pds/market';
import { freshnessOf } from '@pds/observability';
import { readLastEventTime, RedisKeys, type RedisClient } from '@pds/redis';
import { Public } from '../auth/public.decorator';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { ApiException } from '../errors/api-exception';
import { GatewayEnvironment } from '../gateway.environment';
import { REDIS } from '../storage/storage.module';

interface HealthStatus {
  readonly status: 'ok';
}

/** Liveness and readiness for load balancers and orchestrators; no key, no rate limit. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly env: GatewayEnvironment,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'The process is alive' })
  live(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'Redis answers and the last exchange tick is recent' })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The failing check is named' })
  async ready(): Promise<HealthStatus & { lastTickAgeMs: number }> {
    let eventTime: number | undefined;
    try {
      eventTime = await readLastEventTime(this.redis, this.keys, DEFAULT_SYMBOL);
    } catch {
      throw ApiException.serviceUnavailable('Not ready: redis is unreachable', 1);
    }
    const freshness = freshnessOf(eventTime, this.env.READY_MAX_TICK_AGE_MS);
    if (!freshness.fresh) {
      throw ApiException.serviceUnavailable(`Not ready: marketData, ${freshness.staleReason}`, 5);
    }
    return { status: 'ok', lastTickAgeMs: freshness.lastEventAgeMs };
  }
}
