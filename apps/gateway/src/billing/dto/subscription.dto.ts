import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { SubscriptionDto } from '../../accounts';

/** Body of POST /api/v1/billing/subscription. */
export class ChangePlanDto {
  @ApiProperty({
    description: 'A plan id from GET /api/v1/billing/plans (`free` ends the paid plan at the period end)',
    example: 'business',
  })
  @IsString({ message: 'plan must be a string' })
  @MaxLength(64, { message: 'plan must be at most 64 characters' })
  plan!: string;
}

/** 200 of POST /api/v1/billing/subscription. */
export class PlanChangeDto {
  @ApiProperty({
    example: 'business',
    description:
      'The plan in effect now: the new one after an upgrade, the old one until a downgrade applies',
  })
  plan!: string;

  @ApiProperty({ type: SubscriptionDto })
  subscription!: SubscriptionDto;
}

/** 200 of GET /api/v1/billing/subscription/preview. */
export class PlanChangePreviewDto {
  @ApiProperty({ example: 'business' })
  plan!: string;

  @ApiProperty({
    example: '40.00',
    description:
      'What the change charges now, as a decimal string in the currency (the prorated difference of an upgrade; 0 for a downgrade)',
  })
  amountDue!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({
    enum: ['now', 'period_end'],
    example: 'now',
    description:
      '`now` for an upgrade (once its charge is paid) or a withdrawn change; `period_end` for a downgrade',
  })
  effective!: 'now' | 'period_end';

  @ApiProperty({
    format: 'date-time',
    description:
      'When the change applies: the moment the charge is computed at, or the end of the paid period',
  })
  at!: string;
}

/** Query of GET /api/v1/billing/subscription/preview. */
export class PlanChangePreviewQueryDto {
  @ApiProperty({ description: 'A plan id from GET /api/v1/billing/plans', example: 'business' })
  @IsString({ message: 'plan must be a string' })
  @MaxLength(64, { message: 'plan must be at most 64 characters' })
  plan!: string;
}

export class InvoiceDto {
  @ApiProperty({ example: 'in_1QxY2zAbCdEfGhIjKlMnOpQr' })
  id!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'A1B2C3D4-0002' })
  number!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ example: '20.00', description: 'Amount due, as a decimal string in the currency' })
  amount!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({
    example: 'paid',
    description:
      "Stripe's status: `open`, `paid`, `uncollectible` or `void` (an unpaid invoice of a plan that has ended, or of an upgrade whose charge was declined)",
  })
  status!: string;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    nullable: true,
    description: "Stripe's hosted invoice page",
  })
  url!: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      "When Stripe charges this open invoice again (Stripe's `next_payment_attempt`); null when it will not",
  })
  nextPaymentAttempt!: string | null;
}

/** 200 of GET /api/v1/billing/invoices. */
export class InvoiceListDto {
  @ApiProperty({ type: [InvoiceDto], description: 'Newest first' })
  invoices!: InvoiceDto[];
}
