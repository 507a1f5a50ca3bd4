import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '../auth/api-key-principal';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { boostView } from '../boosts/boost-view';
import { ApiKeySecurity } from '../docs/api-key-security.decorator';
import { ApiKeyStore } from './api-key.store';
import { apiKeyView } from './api-key-view';
import { OwnApiKeyDto } from './dto/own-api-key.dto';
import { KeyUsageService } from './key-usage.service';

/**
 * The owner's view of its own key, with that key. Limits and boosts are the ones this replica
 * applies (the authenticated principal); usage is read from the shared counters.
 */
@ApiTags('api-keys')
@ApiKeySecurity()
@Controller('api/v1/api-keys')
export class OwnApiKeyController {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly usage: KeyUsageService,
  ) {}

  @Get('me')
  @ApiOperation({
    operationId: 'getOwnApiKey',
    summary: 'The calling key: its record, effective limits, active boosts and current usage',
  })
  @ApiOkResponse({ type: OwnApiKeyDto })
  async getOwnApiKey(@CurrentPrincipal() principal: ApiKeyPrincipal): Promise<OwnApiKeyDto> {
    const [usage, lastUsedAt] = await Promise.all([
      this.usage.usage(principal),
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
