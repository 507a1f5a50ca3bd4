import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminOnly, notFound } from '../../keys';
import { ApiException } from '../../errors/api-exception';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import {
  AccountBoostDto,
  BOOST_TAKES_EFFECT,
  accountBoostView,
  BoostStore,
  GrantBoostDto,
  MAX_ACTIVE_BOOSTS,
  toNewBoost,
} from '../../entitlements';
import { AppLogger } from '@pds/observability';
import { AccountStore } from '../store/account.store';

/** Admin grants a boost to an account (`Authorization: Bearer <ADMIN_TOKEN>`); billing will sell them. */
@AdminOnly()
@ApiParam({ name: 'id', description: 'The account id' })
@Controller('api/v1/accounts/:id/boosts')
export class AdminAccountBoostsController {
  constructor(
    private readonly accounts: AccountStore,
    private readonly boosts: BoostStore,
    private readonly logger: AppLogger,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    operationId: 'grantAccountBoost',
    summary: `Raise the limits of every key of an account until an expiry; ${BOOST_TAKES_EFFECT}`,
    description:
      'Adds extra requests per minute and/or extra WebSocket connections to every key of the account ' +
      `until the expiry given; ${BOOST_TAKES_EFFECT} and ends by itself at its expiry. Boosts add up. ` +
      'An account may hold a limited number of active boosts (400 beyond it).',
  })
  @ApiCreatedResponse({ type: AccountBoostDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no account with this id' })
  async grantAccountBoost(
    @Param('id') id: string,
    @Body(BodyValidationPipe) body: GrantBoostDto,
  ): Promise<AccountBoostDto> {
    if (!(await this.accounts.findById(id))) throw notFound('account');
    const outcome = await this.boosts.grant({ kind: 'account', accountId: id }, toNewBoost(body));
    if (outcome.kind !== 'granted')
      throw ApiException.validation([`an account may have at most ${MAX_ACTIVE_BOOSTS} active boosts`]);
    const { boost } = outcome;
    this.logger.info({ accountId: id, boostId: boost.id }, 'account-boost-granted');
    return accountBoostView(id, boost);
  }
}
