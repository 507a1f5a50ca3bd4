import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AppLogger } from '@pds/observability';
import { AdminOnly } from '../admin/admin-only.decorator';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import {
  BOOST_ENDS,
  BOOST_TAKES_EFFECT,
  boostView,
  BoostDto,
  BoostListDto,
  GrantBoostDto,
} from '../../entitlements';
import { AdminBoostRoutes } from './admin-boost-routes';
import { KeyBoosts } from './key-boosts';

/** Admin operations on a key's boosts (`Authorization: Bearer <ADMIN_TOKEN>`); the CLI mirrors them. */
@AdminOnly()
@ApiParam({ name: 'id', description: 'The key id' })
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no such (active) key or boost' })
@Controller('api/v1/api-keys/:id/boosts')
export class AdminKeyBoostsController {
  private readonly routes: AdminBoostRoutes<BoostDto>;

  constructor(boosts: KeyBoosts, logger: AppLogger) {
    this.routes = new AdminBoostRoutes('key', boosts, boostView, logger);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    operationId: 'grantBoost',
    summary: `Raise a key’s limits until an expiry; ${BOOST_TAKES_EFFECT}`,
    description:
      'Adds extra requests per minute and/or extra WebSocket connections to an active key until the ' +
      `expiry given; ${BOOST_TAKES_EFFECT} and ends by itself at its expiry. Boosts of one key add up. ` +
      'A key may hold a limited number of active boosts (400 beyond it).',
  })
  @ApiCreatedResponse({ type: BoostDto })
  grantBoost(@Param('id') id: string, @Body(BodyValidationPipe) body: GrantBoostDto): Promise<BoostDto> {
    return this.routes.grant(id, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeyBoosts',
    summary: 'A key’s active boosts, soonest to end first',
    description: 'The boosts of the key that are in effect now; ended and expired ones are not listed.',
  })
  @ApiOkResponse({ type: BoostListDto })
  listApiKeyBoosts(@Param('id') id: string): Promise<BoostListDto> {
    return this.routes.list(id);
  }

  @Delete(':boostId')
  @ApiOperation({
    operationId: 'endBoost',
    summary: `End a key’s boost now; it ${BOOST_ENDS}`,
    description: `Ends an active boost of the key before its expiry: it ${BOOST_ENDS}, and the key is back to its other limits.`,
  })
  @ApiParam({ name: 'boostId', description: 'The boost id' })
  @ApiOkResponse({ type: BoostDto, description: 'The ended boost; expiresAt is when it ended' })
  endBoost(@Param('id') id: string, @Param('boostId') boostId: string): Promise<BoostDto> {
    return this.routes.end(id, boostId);
  }
}
