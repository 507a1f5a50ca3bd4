import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, REDIS_COMMAND, type RedisClient } from '@pds/redis';
import type { ApiKeyPrincipal } from '../authentication/api-key-principal';
import { fromStorage } from '../../errors/storage-unavailable.error';
import {
  LIMITED_OPERATIONS,
  type LimitedOperation,
  operationUsage,
  type OperationUsage,
} from './current-usage';

/**
 * A key's usage now, read from the same Redis keys the limits count in: the REST window counters
 * and the WebSocket connection-slot sets. The commands go out together (auto-pipelining).
 */
@Injectable()
export class CurrentUsage {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async of(principal: ApiKeyPrincipal, now = Date.now()): Promise<OperationUsage[]> {
    return Promise.all(LIMITED_OPERATIONS.map((operation) => this.operation(principal, operation, now)));
  }

  private async operation(
    principal: ApiKeyPrincipal,
    operation: LimitedOperation,
    now: number,
  ): Promise<OperationUsage> {
    const counter = this.keys.rateLimit(principal.id, operation);
    const [requests, windowMsLeft, wsConnections] = await fromStorage(
      Promise.all([
        this.redis.get(counter),
        this.redis.pttl(counter),
        // Leases are live until their score (expiry ms); expired ones are not yet swept.
        this.redis.zcount(this.keys.wsConnections(principal.id, operation), `(${now}`, '+inf'),
      ]),
    );
    return operationUsage(operation, principal, {
      requests: Number(requests ?? 0),
      windowMsLeft,
      wsConnections,
    });
  }
}
