import { ApiProperty } from '@nestjs/swagger';

/** One bucket of the usage history: one key's operation in one hour or day. */
export class UsageBucketDto {
  @ApiProperty({ example: 'k_5f0c2a9e7d1b' })
  keyId!: string;

  @ApiProperty({ example: 'trading-bot' })
  keyName!: string;

  @ApiProperty({ example: 'getCurrentPrice', description: 'The operationId' })
  operation!: string;

  @ApiProperty({ format: 'date-time', description: 'Start of the hour or day, UTC' })
  start!: string;

  @ApiProperty({ type: 'integer', description: 'Authenticated requests, the 429s among them' })
  requests!: number;

  @ApiProperty({ type: 'integer', description: 'Requests refused with 429' })
  rejected!: number;
}

/** 200 of GET /api/v1/account/usage. */
export class UsageDto {
  @ApiProperty({
    type: [UsageBucketDto],
    description: 'Buckets with any request, oldest first, then by key and operation',
  })
  usage!: UsageBucketDto[];
}
