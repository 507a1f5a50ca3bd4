import { Controller, Get } from '@nestjs/common';
import { RateLimitBucket, RateLimited, boostView, BoostListDto } from '../../entitlements';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '../authentication/api-key-principal';
import { CurrentPrincipal } from '../authentication/current-principal.decorator';
import { ApiKeySecurity } from '../../docs/api-key-security.decorator';
import { RATE_LIMIT_HEADERS } from '../../docs/response-headers';

/** The owner lists its key's active boosts (its own and its account's), with the key: the ones this replica applies. */
@ApiTags('boosts')
@ApiKeySecurity()
@Controller('api/v1/boosts')
export class OwnBoostsController {
  @Get()
  @ApiOperation({
    operationId: 'listOwnBoosts',
    summary: 'The calling key’s active boosts, soonest to end first',
    description:
      'The boosts that raise the limits of the key sent with the request now; ended and expired ones ' +
      'are not listed.',
  })
  @ApiOkResponse({ type: BoostListDto, description: 'The active boosts', headers: RATE_LIMIT_HEADERS })
  @RateLimited(RateLimitBucket.listOwnBoosts)
  listOwnBoosts(@CurrentPrincipal() principal: ApiKeyPrincipal): BoostListDto {
    return { boosts: principal.boosts.map((boost) => boostView(principal.id, boost)) };
  }
}
