import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AppLogger } from '@pds/observability';
import { AdminBoostRoutes, AdminOnly } from '../../keys';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import {
  AccountBoostDto,
  AccountBoostListDto,
  accountBoostView,
  BOOST_ENDS,
  BOOST_TAKES_EFFECT,
  GrantBoostDto,
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
  private readonly routes: AdminBoostRoutes<AccountBoostDto>;

  constructor(boosts: AccountBoosts, logger: AppLogger) {
    this.routes = new AdminBoostRoutes('account', boosts, accountBoostView, logger);
  }

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
  grantAccountBoost(
    @Param('id') id: string,
    @Body(BodyValidationPipe) body: GrantBoostDto,
  ): Promise<AccountBoostDto> {
    return this.routes.grant(id, body);
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
  listAccountBoosts(@Param('id') id: string): Promise<AccountBoostListDto> {
    return this.routes.list(id);
  }

  @Delete(':boostId')
  @ApiOperation({
    operationId: 'endAccountBoost',
    summary: `End an account’s boost now; it ${BOOST_ENDS}`,
    description: `Ends an active boost of the account before its expiry: it ${BOOST_ENDS}, and every key of the account is back to its other limits.`,
  })
  @ApiParam({ name: 'boostId', description: 'The boost id' })
  @ApiOkResponse({ type: AccountBoostDto, description: 'The ended boost; expiresAt is when it ended' })
  endAccountBoost(@Param('id') id: string, @Param('boostId') boostId: string): Promise<AccountBoostDto> {
    return this.routes.end(id, boostId);
  }
}
