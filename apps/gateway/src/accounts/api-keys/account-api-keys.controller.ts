import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  PickType,
} from '@nestjs/swagger';
import { PlanCatalogue, type Plan } from '../../entitlements';
import { AccountOnly, SignedInSession } from '../sessions/account-only.decorator';
import {
  ApiKeyDto,
  ApiKeyListDto,
  type ApiKeyRecord,
  apiKeyView,
  type ApiKeyView,
  CreateApiKeyDto,
  CreatedApiKeyDto,
  AccountApiKeys,
} from '../../keys';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { AppLogger } from '@pds/observability';
import type { Session } from '../sessions/session.store';
import { AccountStore } from '../store/account.store';

/** Body of createAccountApiKey: the name alone, by the admin body's rules (limits come from the plan). */
export class CreateAccountApiKeyDto extends PickType(CreateApiKeyDto, ['name'] as const) {}

/** An account's own keys (CONTRACT section 10): list, create (shown once), revoke. */
@ApiTags('api-keys')
@AccountOnly()
@Controller('api/v1/account/api-keys')
export class AccountApiKeysController {
  constructor(
    private readonly keys: AccountApiKeys,
    private readonly accounts: AccountStore,
    private readonly plans: PlanCatalogue,
    private readonly logger: AppLogger,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listAccountApiKeys',
    description:
      'Every key the account made, oldest first, revoked ones included, with their limits; the key itself is never shown again after creation.',
    summary: 'The account’s keys, oldest first (never the key itself)',
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  async list(@SignedInSession() session: Session): Promise<ApiKeyListDto> {
    const plan = await this.planOf(session);
    const records = await this.keys.list(session.accountId);
    return { apiKeys: records.map((record) => this.view(record, plan)) };
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'createAccountApiKey',
    description:
      "Creates a key with the limits of the account's plan. The key is in this answer only; Redis keeps its hash. Past the plan's number of live keys the answer is 403 naming it.",
    summary: 'Create a key; the key is shown only in this answer',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'VALIDATION_ERROR, naming each failing field' })
  @ApiForbiddenResponse({
    type: ErrorBodyDto,
    description: 'FORBIDDEN: the plan’s number of keys is reached',
  })
  async create(
    @SignedInSession() session: Session,
    @Body(BodyValidationPipe) body: CreateAccountApiKeyDto,
  ): Promise<CreatedApiKeyDto> {
    const plan = await this.planOf(session);
    const created = await this.keys.create(session.accountId, body.name, plan);
    this.logger.info({ keyId: created.record.id, accountId: session.accountId }, 'api-key-created');
    return { ...this.view(created.record, plan), key: created.key };
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'revokeAccountApiKey',
    description:
      "Revokes one of the account's keys; it is refused on every replica at once. Another account's key id is a 404.",
    summary: 'Revoke a key of the account, at once on every replica',
  })
  @ApiParam({ name: 'id', description: 'The key id' })
  @ApiOkResponse({ type: ApiKeyDto, description: 'The revoked key' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: the account has no key with this id' })
  async revoke(@SignedInSession() session: Session, @Param('id') id: string): Promise<ApiKeyDto> {
    const plan = await this.planOf(session);
    const record = await this.keys.revoke(session.accountId, id);
    this.logger.info({ keyId: id, accountId: session.accountId }, 'api-key-revoked');
    return this.view(record, plan);
  }

  private async planOf(session: Session): Promise<Plan> {
    const account = await this.accounts.findById(session.accountId);
    return this.plans.planOf(account?.plan ?? '');
  }

  private view(record: ApiKeyRecord, plan: Plan): ApiKeyView {
    return apiKeyView(record, {
      requestsPerMinute: plan.requestsPerMinute,
      wsConnections: plan.wsConnections,
    });
  }
}
