import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountBoostListDto, accountBoostView, BoostStore } from '../../entitlements';
import { AccountOnly, SignedInSession } from '../sessions/account-only.decorator';
import type { Session } from '../sessions/session.store';

/** The signed-in account lists its own boosts, as a key lists its own with the key. */
@ApiTags('boosts')
@AccountOnly()
@Controller('api/v1/account/boosts')
export class OwnAccountBoostsController {
  constructor(private readonly boosts: BoostStore) {}

  @Get()
  @ApiOperation({
    operationId: 'listOwnAccountBoosts',
    summary: 'The signed-in account’s active boosts, soonest to end first',
    description:
      'The boosts that raise every key of the account now (bought, or granted by an admin); ended and ' +
      'expired ones are not listed. A key’s own boosts are listed with the key (GET /api/v1/boosts).',
  })
  @ApiOkResponse({ type: AccountBoostListDto, description: 'The active boosts' })
  async listOwnAccountBoosts(@SignedInSession() session: Session): Promise<AccountBoostListDto> {
    const boosts = await this.boosts.active({ kind: 'account', accountId: session.accountId });
    return { boosts: boosts.map((boost) => accountBoostView(session.accountId, boost)) };
  }
}
