import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '../auth/api-key-principal';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { ApiKeySecurity } from '../docs/api-key-security.decorator';
import { boostView } from './boost-view';
import { BoostListDto } from './dto/boost.dto';

/** The owner lists its own active boosts, with its key: the ones this replica applies. */
@ApiTags('boosts')
@ApiKeySecurity()
@Controller('api/v1/boosts')
export class OwnBoostsController {
  @Get()
  @ApiOperation({
    operationId: 'listOwnBoosts',
    summary: 'The calling key’s active boosts, soonest to end first',
  })
  @ApiOkResponse({ type: BoostListDto })
  listOwnBoosts(@CurrentPrincipal() principal: ApiKeyPrincipal): BoostListDto {
    return { boosts: principal.boosts.map((boost) => boostView(principal.id, boost)) };
  }
}
