import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../public.decorator';
import { RETRY_AFTER_HEADER } from '../docs/response-headers';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { ApiException } from '../errors/api-exception';
import type { ExchangeFreshness } from '@pds/observability';
import type { ExchangeStatus } from '@pds/redis';
import { GatewayReadiness } from './gateway-readiness';

interface HealthStatus {
  readonly status: 'ok';
}

interface ReadyStatus extends HealthStatus, Partial<ExchangeStatus> {
  readonly exchange: ExchangeFreshness;
}

/** Liveness and readiness for load balancers and orchestrators; no key, no rate limit. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: GatewayReadiness) {}

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
      'Answers 200 when this replica can serve: it is not draining, Redis takes writes (is not loading ' +
      'and does not evict keys), its change subscription is live and its copy of the served values ' +
      "keeps up with Redis. The exchanges' freshness, shared by every replica, never fails it: the body " +
      'reports it (`exchange`: `source` and `ageSeconds` of the newest event), with the configured ' +
      'primary and the state of each configured exchange. 503 naming the failing check otherwise ' +
      '(`draining`, `redis`, `change subscription`, `mirror`), for load balancers to take this replica ' +
      'out of rotation. No key needed.',
  })
  @ApiOkResponse({ description: "This replica can serve; the exchanges' freshness is reported" })
  @ApiServiceUnavailableResponse({
    type: ErrorBodyDto,
    description: 'The failing check is named',
    headers: RETRY_AFTER_HEADER,
  })
  async ready(): Promise<ReadyStatus> {
    const readiness = await this.readiness.check();
    if (!readiness.ready) {
      // Each reason starts with the name of its check (draining, redis, change subscription, mirror).
      throw ApiException.serviceUnavailable(`Not ready: ${readiness.reason}`, readiness.retryAfterSeconds);
    }
    const { exchange, source, primary, exchanges } = readiness;
    return { status: 'ok', exchange, source, primary, exchanges };
  }
}
