import { ApiProperty } from '@nestjs/swagger';

export class LimitsDto {
  @ApiProperty({ type: 'integer', description: 'REST requests per minute, per operation', example: 40 })
  requestsPerMinute!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Concurrent WebSocket connections, per operation',
    example: 2,
  })
  wsConnections!: number;
}

/** A key as admins and owners see it: never the key itself, which is shown once at creation. */
export class ApiKeyDto extends LimitsDto {
  @ApiProperty({ example: '3f9a0c1d2e4b5a69' })
  id!: string;

  @ApiProperty({ example: 'trading-bot' })
  name!: string;

  @ApiProperty({
    nullable: true,
    type: 'string',
    example: 'pds_T3Jm',
    description:
      'The first characters of the key, to tell keys apart (not enough to use it); null for a key made before prefixes were kept',
  })
  prefix!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: 'string',
    description: 'Updated about once a minute',
  })
  lastUsedAt!: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: 'string' })
  revokedAt!: string | null;

  @ApiProperty({
    nullable: true,
    type: 'string',
    description: 'The account that owns the key; null for a key an admin made',
  })
  accountId!: string | null;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({
    description: 'The API key. Shown only in this answer; the service keeps only its hash.',
    example: 'pds_T3Jm2rQ…',
  })
  key!: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] })
  apiKeys!: ApiKeyDto[];
}
