import { ApiProperty } from '@nestjs/swagger';

export class BoostDto {
  @ApiProperty({ example: '9c2e41d07ab35f18' })
  id!: string;

  @ApiProperty({ description: 'The boosted key', example: '3f9a0c1d2e4b5a69' })
  keyId!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Added to the REST limit of every operation' })
  extraRequestsPerMinute!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Added to the WebSocket limit of every operation',
  })
  extraWsConnections!: number;

  @ApiProperty({ format: 'date-time' })
  grantedAt!: string;

  @ApiProperty({ format: 'date-time', description: 'The boost ends by itself then (or when it was ended)' })
  expiresAt!: string;
}

export class BoostListDto {
  @ApiProperty({ type: [BoostDto], description: 'Active boosts, soonest to end first' })
  boosts!: BoostDto[];
}

/** A boost of an account: it raises every key of the account. */
export class AccountBoostDto {
  @ApiProperty({ example: '9c2e41d07ab35f18' })
  id!: string;

  @ApiProperty({ description: 'The boosted account: every key of it' })
  accountId!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Added to the REST limit of every operation of every key of the account',
  })
  extraRequestsPerMinute!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Added to the WebSocket limit of every operation of every key of the account',
  })
  extraWsConnections!: number;

  @ApiProperty({ format: 'date-time' })
  grantedAt!: string;

  @ApiProperty({ format: 'date-time', description: 'The boost ends by itself then (or when it was ended)' })
  expiresAt!: string;
}

export class AccountBoostListDto {
  @ApiProperty({ type: [AccountBoostDto], description: 'Active boosts, soonest to end first' })
  boosts!: AccountBoostDto[];
}
