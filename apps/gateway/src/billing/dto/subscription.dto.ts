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

  @ApiProperty({ example: 'paid', description: "Stripe's status: `open`, `paid`, `uncollectible` or `void`" })
  status!: string;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    nullable: true,
    description: "Stripe's hosted invoice page",
  })
  url!: string | null;
}

/** 200 of GET /api/v1/billing/invoices. */
export class InvoiceListDto {
  @ApiProperty({ type: [InvoiceDto], description: 'Newest first' })
  invoices!: InvoiceDto[];
}
