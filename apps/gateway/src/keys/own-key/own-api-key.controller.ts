import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '../authentication/api-key-principal';
import { CurrentPrincipal } from '../authentication/current-principal.decorator';
import { ApiKeySecurity } from '../../docs/api-key-security.decorator';
import { OwnApiKeyDto } from '../dto/own-api-key.dto';
import { RateLimitBucket, RateLimited } from '../../entitlements';
import { RATE_LIMIT_HEADERS } from '../../docs/response-headers';
import { OwnKeyView } from './own-key-view';

/**
 * The owner's view of its own key, with that key. Limits and boosts are the ones this replica
 * applies (the authenticated principal); usage is read from the shared counters.
 */
@ApiTags('api-keys')
@ApiKeySecurity()
@Controller('api/v1/api-keys')
export class OwnApiKeyController {
  constructor(private readonly ownKeyView: OwnKeyView) {}

  @Get('me')
  @ApiOperation({
    operationId: 'getOwnApiKey',
    summary: 'The calling key: its record, effective limits, active boosts and current usage',
    description:
      'What the key sent with the request may do: its own limits, the limits in effect with its ' +
      'active boosts, and how much of each it is using now (requests in the current minute on each ' +
      'operation, open WebSocket connections on each stream).',
  })
  @ApiOkResponse({ type: OwnApiKeyDto, description: 'The calling key', headers: RATE_LIMIT_HEADERS })
  @RateLimited(RateLimitBucket.getOwnApiKey)
  getOwnApiKey(@CurrentPrincipal() principal: ApiKeyPrincipal): Promise<OwnApiKeyDto> {
    return this.ownKeyView.of(principal);
  }
}
