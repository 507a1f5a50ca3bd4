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
import { notFound } from '../admin/not-found';
import { ApiException } from '../../errors/api-exception';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import {
  BOOST_ENDS,
  BOOST_TAKES_EFFECT,
  MAX_ACTIVE_BOOSTS,
  boostView,
  BoostDto,
  BoostListDto,
  GrantBoostDto,
  toNewBoost,
} from '../../entitlements';
import { KeyBoosts } from './key-boosts';

/** Admin operations on a key's boosts (`Authorization: Bearer <ADMIN_TOKEN>`); the CLI mirrors them. */
@AdminOnly()
@ApiParam({ name: 'id', description: 'The key id' })
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no such (active) key or boost' })
@Controller('api/v1/api-keys/:id/boosts')
export class AdminKeyBoostsController {
  constructor(
    private readonly boosts: KeyBoosts,
    private readonly logger: AppLogger,
  ) {}

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
  async grantBoost(
    @Param('id') id: string,
    @Body(BodyValidationPipe) body: GrantBoostDto,
  ): Promise<BoostDto> {
    const outcome = await this.boosts.grant(id, toNewBoost(body));
    switch (outcome.kind) {
      case 'granted':
        this.logger.info({ keyId: id, boostId: outcome.boost.id }, 'boost-granted');
        return boostView(id, outcome.boost);
      case 'unknown-key':
        throw notFound('API key');
      case 'revoked-key':
        throw notFound('active API key');
      case 'too-many-boosts':
        throw ApiException.validation([`a key may have at most ${MAX_ACTIVE_BOOSTS} active boosts`]);
    }
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeyBoosts',
    summary: 'A key’s active boosts, soonest to end first',
    description: 'The boosts of the key that are in effect now; ended and expired ones are not listed.',
  })
  @ApiOkResponse({ type: BoostListDto })
  async listApiKeyBoosts(@Param('id') id: string): Promise<BoostListDto> {
    const boosts = await this.boosts.activeOfKnownKey(id);
    if (!boosts) throw notFound('API key');
    return { boosts: boosts.map((boost) => boostView(id, boost)) };
  }

  @Delete(':boostId')
  @ApiOperation({
    operationId: 'endBoost',
    summary: `End a key’s boost now; it ${BOOST_ENDS}`,
    description: `Ends an active boost of the key before its expiry: it ${BOOST_ENDS}, and the key is back to its other limits.`,
  })
  @ApiParam({ name: 'boostId', description: 'The boost id' })
  @ApiOkResponse({ type: BoostDto, description: 'The ended boost; expiresAt is when it ended' })
  async endBoost(@Param('id') id: string, @Param('boostId') boostId: string): Promise<BoostDto> {
    const outcome = await this.boosts.end(id, boostId);
    switch (outcome.kind) {
      case 'ended':
        this.logger.info({ keyId: id, boostId }, 'boost-ended');
        return boostView(id, outcome.boost);
      case 'unknown-key':
        throw notFound('API key');
      case 'unknown-boost':
        throw notFound('active boost');
    }
  }
}
