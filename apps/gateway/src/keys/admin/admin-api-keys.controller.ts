import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AppLogger } from '@pds/observability';
import { AdminOnly } from './admin-only.decorator';
import { BodyValidationPipe } from '../../validation/body-validation.pipe';
import { notFound } from './not-found';
import { ErrorBodyDto } from '../../errors/error-body.dto';
import { KeyLimits } from '../../entitlements';
import { ApiKeyStore } from '../store/api-key.store';
import { apiKeyView } from '../dto/api-key-view';
import { ApiKeyDto, ApiKeyListDto, CreatedApiKeyDto } from '../dto/api-key.dto';
import { CreateApiKeyDto, toNewApiKey } from '../dto/create-api-key.dto';

/** Admin operations on keys (`Authorization: Bearer <ADMIN_TOKEN>`); the CLI mirrors them. */
@AdminOnly()
@Controller('api/v1/api-keys')
export class AdminApiKeysController {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly limits: KeyLimits,
    private readonly logger: AppLogger,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  // The answer holds the key: no cache may keep it.
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create a key; the key is shown only in this answer',
    description:
      'Creates a key with a name and, optionally, limits of its own (requests per minute on each ' +
      'operation, concurrent WebSocket connections on each stream). The service stores only a hash of ' +
      'the key: it cannot be shown again, so keep it from this answer.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  async createApiKey(@Body(BodyValidationPipe) body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const created = await this.apiKeys.create(toNewApiKey(body));
    this.logger.info({ keyId: created.record.id, name: created.record.name }, 'api-key-created');
    return { ...apiKeyView(created.record, this.limits.defaults), key: created.key };
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: 'Every key, oldest first (never the key itself)',
    description: 'Every key ever created, revoked ones included, with its id, name, limits and dates.',
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  async listApiKeys(): Promise<ApiKeyListDto> {
    const records = await this.apiKeys.list();
    return { apiKeys: records.map((record) => apiKeyView(record, this.limits.defaults)) };
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke a key: refused on every replica within 5 s; revoking again changes nothing',
    description:
      'Marks the key revoked: its requests and new WebSocket connections are refused with 401 on every ' +
      'replica within 5 s. The record stays, so the key is listed as revoked.',
  })
  @ApiParam({ name: 'id', description: 'The key id' })
  @ApiOkResponse({ type: ApiKeyDto, description: 'The revoked key' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no key with this id' })
  async revokeApiKey(@Param('id') id: string): Promise<ApiKeyDto> {
    const record = await this.apiKeys.revoke(id);
    if (!record) throw notFound('API key');
    this.logger.info({ keyId: id }, 'api-key-revoked');
    return apiKeyView(record, this.limits.defaults);
  }
}
