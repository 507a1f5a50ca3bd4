import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { JsonLogger } from '@pds/observability';
import { AdminOnly } from '../admin/admin-only.decorator';
import { BodyValidationPipe } from '../admin/body-validation.pipe';
import { notFound } from '../admin/not-found';
import { ErrorBodyDto } from '../errors/error-body.dto';
import { GatewayEnvironment } from '../gateway.environment';
import { ApiKeyStore } from './api-key.store';
import { apiKeyView, defaultLimitsOf } from './api-key-view';
import { ApiKeyDto, ApiKeyListDto, CreatedApiKeyDto } from './dto/api-key.dto';
import { CreateApiKeyDto, toNewApiKey } from './dto/create-api-key.dto';

/** Admin operations on keys (`Authorization: Bearer <ADMIN_TOKEN>`); the CLI mirrors them. */
@ApiTags('api-keys')
@AdminOnly()
@Controller('api/v1/api-keys')
export class AdminApiKeysController {
  constructor(
    private readonly apiKeys: ApiKeyStore,
    private readonly env: GatewayEnvironment,
    private readonly logger: JsonLogger,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  // The answer holds the key: no cache may keep it.
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create a key; the key is shown only in this answer',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  async createApiKey(@Body(BodyValidationPipe) body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const created = await this.apiKeys.create(toNewApiKey(body));
    this.logger.info('api-key-created', { keyId: created.record.id, name: created.record.name });
    return { ...apiKeyView(created.record, defaultLimitsOf(this.env)), key: created.key };
  }

  @Get()
  @ApiOperation({ operationId: 'listApiKeys', summary: 'Every key, oldest first (never the key itself)' })
  @ApiOkResponse({ type: ApiKeyListDto })
  async listApiKeys(): Promise<ApiKeyListDto> {
    const records = await this.apiKeys.list();
    return { apiKeys: records.map((record) => apiKeyView(record, defaultLimitsOf(this.env))) };
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke a key: refused on every replica within 5 s; revoking again changes nothing',
  })
  @ApiParam({ name: 'id', description: 'The key id' })
  @ApiOkResponse({ type: ApiKeyDto, description: 'The revoked key' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'NOT_FOUND: no key with this id' })
  async revokeApiKey(@Param('id') id: string): Promise<ApiKeyDto> {
    const record = await this.apiKeys.revoke(id);
    if (!record) throw notFound('API key');
    this.logger.info('api-key-revoked', { keyId: id });
    return apiKeyView(record, defaultLimitsOf(this.env));
  }
}
