import { Inject, Injectable } from '@nestjs/common';
import { RedisKeys, REDIS_COMMAND, type RedisClient } from '@pds/redis';
import type { ApiKeyPrincipal } from '../authentication/api-key-principal';
import { ApiKeyStore } from '../store/api-key.store';
import { apiKeyView } from '../dto/api-key-view';
import { boostView } from '../../entitlements';
import type { OwnApiKeyDto } from '../dto/own-api-key.dto';
import { fromStorage } from '../../errors/storage-unavailable.error';
import {
  LIMITED_OPERATIONS,
  type LimitedOperation,
  operationUsage,
  type OperationUsage,
} from '../usage/key-usage';

/**
 * Reads a key's current usage from the same Redis keys the limits count in: the REST window
 * counters and the WebSocket connection-slot sets. The commands go out together (auto-pipelining).
 */
@Injectable()
export class KeyUsageService {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly apiKeys: ApiKeyStore,
  ) {}

  /** The owner's view of a key: its record, the limits in effect with its boosts, and usage now. */
  async view(principal: ApiKeyPrincipal): Promise<OwnApiKeyDto> {
    const [usage, lastUsedAt] = await Promise.all([
      this.usage(principal),
      this.apiKeys.lastUsedAt(principal.id),
    ]);
    const record = lastUsedAt ? { ...principal.record, lastUsedAt } : principal.record;
    return {
      ...apiKeyView(record, principal.ownLimits),
      effectiveLimits: {
        requestsPerMinute: principal.requestsPerMinute,
        wsConnections: principal.wsConnections,
      },
      boosts: principal.boosts.map((boost) => boostView(principal.id, boost)),
      usage,
    };
  }

  async usage(principal: ApiKeyPrincipal, now = Date.now()): Promise<OperationUsage[]> {
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
