import { ApiProperty } from '@nestjs/swagger';
import { OwnApiKeyDto } from '../../keys';

export class AccountLimitsDto {
  @ApiProperty({
    type: 'integer',
    description: 'REST requests per minute, per key and operation',
    example: 40,
  })
  requestsPerMinute!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Concurrent WebSocket connections, per key and operation',
    example: 2,
  })
  wsConnections!: number;

  @ApiProperty({ type: 'integer', description: 'Live API keys the account may hold', example: 3 })
  apiKeys!: number;
}

export class SubscriptionDto {
  @ApiProperty({
    example: 'active',
    description:
      "Stripe's status: `active` or `trialing` give the plan; `past_due` (a renewal declined while Stripe retries) keeps it until the card is fixed in the portal or the retries end; `canceled`, `unpaid` and `incomplete_expired` mean free",
  })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  currentPeriodEnd!: string;

  @ApiProperty()
  cancelAtPeriodEnd!: boolean;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'pro',
    description:
      'The plan the account moves to at `currentPeriodEnd`: a downgrade planned with POST /api/v1/billing/subscription or in the portal, or `free` when the subscription cancels at the period end; null when nothing changes',
  })
  pendingPlan!: string | null;
}

/** 200 of GET /api/v1/account. */
export class AccountDto {
  @ApiProperty({ example: '5f0c2a9e7d1b4c3a8e6f1d2b' })
  id!: string;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ example: 'free' })
  plan!: string;

  @ApiProperty({ type: SubscriptionDto, nullable: true, description: 'null without a paid plan' })
  subscription!: SubscriptionDto | null;

  @ApiProperty({
    description: 'Whether the account has a Stripe customer, so the customer portal has something to manage',
  })
  stripeCustomer!: boolean;

  @ApiProperty({ type: AccountLimitsDto })
  limits!: AccountLimitsDto;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: [OwnApiKeyDto],
    description: 'Each live key as GET /api/v1/api-keys/me shows it: limits in effect and usage now',
  })
  keys!: OwnApiKeyDto[];
}
