import { ApiProperty } from '@nestjs/swagger';

export class PriceDto {
  @ApiProperty({ description: 'Decimal string, never a float', example: '9.00' })
  amount!: string;

  @ApiProperty({ description: 'ISO 4217, lower case as Stripe writes it', example: 'usd' })
  currency!: string;
}

export class PlanPriceDto extends PriceDto {
  @ApiProperty({ enum: ['month'], example: 'month' })
  interval!: 'month';
}

export class PlanDto {
  @ApiProperty({ example: 'pro' })
  id!: string;

  @ApiProperty({ example: 'Pro' })
  name!: string;

  @ApiProperty({ type: PlanPriceDto })
  price!: PlanPriceDto;

  @ApiProperty({ type: 'integer', description: 'REST requests per minute, per key and operation' })
  requestsPerMinute!: number;

  @ApiProperty({ type: 'integer', description: 'Concurrent WebSocket connections, per key and operation' })
  wsConnections!: number;

  @ApiProperty({ type: 'integer', description: 'Live API keys the account may hold' })
  apiKeys!: number;
}

export class BoostProductDto {
  @ApiProperty({ example: 'boost_hour' })
  id!: string;

  @ApiProperty({ example: 'Hour boost' })
  name!: string;

  @ApiProperty({ type: PriceDto })
  price!: PriceDto;

  @ApiProperty({ type: 'integer', description: 'Added to every key of the account' })
  extraRequestsPerMinute!: number;

  @ApiProperty({ type: 'integer', description: 'Added to every key of the account' })
  extraWsConnections!: number;

  @ApiProperty({ type: 'integer', description: 'How long it lasts from payment' })
  durationSeconds!: number;
}

/** 200 of GET /api/v1/billing/plans. */
export class PlansDto {
  @ApiProperty({ type: [PlanDto] })
  plans!: PlanDto[];

  @ApiProperty({ type: [BoostProductDto] })
  boosts!: BoostProductDto[];
}
