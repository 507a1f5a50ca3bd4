import { Injectable } from '@nestjs/common';
import type { ApiKeyPrincipal } from '../authentication/api-key-principal';
import { ApiKeyStore } from '../store/api-key.store';
import { apiKeyView } from '../dto/api-key-view';
import { boostView } from '../../entitlements';
import type { OwnApiKeyDto } from '../dto/own-api-key.dto';
import { CurrentUsage } from '../usage/current-usage.service';

/** The owner's view of a key: its record, the limits in effect with its boosts, and its usage now. */
@Injectable()
export class OwnKeyView {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly currentUsage: CurrentUsage,
  ) {}

  async of(principal: ApiKeyPrincipal): Promise<OwnApiKeyDto> {
    const [usage, lastUsedAt] = await Promise.all([
      this.currentUsage.of(principal),
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
}
