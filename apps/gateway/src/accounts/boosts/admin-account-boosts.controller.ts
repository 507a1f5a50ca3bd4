import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AppLogger } from '@pds/observability';
import { AdminOnly, notFound } from '../../keys';
import { ApiException } from '../../errors/api-exception';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import {
  AccountBoostDto,
  AccountBoostListDto,
  accountBoostView,
  BOOST_ENDS,
  BOOST_TAKES_EFFECT,
  GrantBoostDto,
  MAX_ACTIVE_BOOSTS,
  toNewBoost,
} from '../../entitlements';
import { AccountBoosts } from './account-boosts';

/**
 * Admin operations on an account's boosts (`Authorization: Bearer <ADMIN_TOKEN>`), the same as on a
 * key's: grant, list, end. Billing sells them too.
 */
@AdminOnly()
@ApiParam({ name: 'id', description: 'The account id' })
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no such account or active boost' })
@Controller('api/v1/accounts/:id/boosts')
export class AdminAccountBoostsController {
  constructor(
    private readonly boosts: AccountBoosts,
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
  async grantAccountBoost(
    @Param('id') id: string,
    @Body(BodyValidationPipe) body: GrantBoostDto,
  ): Promise<AccountBoostDto> {
    const outcome = await this.boosts.grant(id, toNewBoost(body));
    switch (outcome.kind) {
      case 'granted':
        this.logger.info({ accountId: id, boostId: outcome.boost.id }, 'account-boost-granted');
        return accountBoostView(id, outcome.boost);
      case 'unknown-key':
      case 'revoked-key':
        throw notFound('account');
      case 'too-many-boosts':
        throw ApiException.validation([`an account may have at most ${MAX_ACTIVE_BOOSTS} active boosts`]);
    }
  }

  @Get()
  @ApiOperation({
    operationId: 'listAccountBoosts',
    summary: 'An account’s active boosts, soonest to end first',
    description:
      'The boosts of the account that are in effect now (each raises every key of the account); ended ' +
      'and expired ones are not listed. A key’s own boosts are listed with the key.',
  })
  @ApiOkResponse({ type: AccountBoostListDto })
  async listAccountBoosts(@Param('id') id: string): Promise<AccountBoostListDto> {
    const boosts = await this.boosts.activeOfKnownAccount(id);
    if (!boosts) throw notFound('account');
    return { boosts: boosts.map((boost) => accountBoostView(id, boost)) };
  }

  @Delete(':boostId')
  @ApiOperation({
    operationId: 'endAccountBoost',
    summary: `End an account’s boost now; it ${BOOST_ENDS}`,
    description: `Ends an active boost of the account before its expiry: it ${BOOST_ENDS}, and every key of the account is back to its other limits.`,
  })
  @ApiParam({ name: 'boostId', description: 'The boost id' })
  @ApiOkResponse({ type: AccountBoostDto, description: 'The ended boost; expiresAt is when it ended' })
  async endAccountBoost(
    @Param('id') id: string,
    @Param('boostId') boostId: string,
  ): Promise<AccountBoostDto> {
    const outcome = await this.boosts.end(id, boostId);
    switch (outcome.kind) {
      case 'ended':
        this.logger.info({ accountId: id, boostId }, 'account-boost-ended');
        return accountBoostView(id, outcome.boost);
      case 'unknown-key':
        throw notFound('account');
      case 'unknown-boost':
        throw notFound('active boost');
    }
  }
}
