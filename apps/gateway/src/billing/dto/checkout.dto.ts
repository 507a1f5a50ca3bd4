import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** Body of POST /api/v1/billing/checkout. */
export class CheckoutDto {
  @ApiProperty({ description: 'A paid plan id from GET /api/v1/billing/plans', example: 'pro' })
  @IsString({ message: 'plan must be a string' })
  @MaxLength(64, { message: 'plan must be at most 64 characters' })
  plan!: string;
}

/** Body of POST /api/v1/billing/boosts/checkout. */
export class BoostCheckoutDto {
  @ApiProperty({ description: 'A boost id from GET /api/v1/billing/plans', example: 'boost_hour' })
  @IsString({ message: 'boost must be a string' })
  @MaxLength(64, { message: 'boost must be at most 64 characters' })
  boost!: string;
}

/** 201 of the checkout and portal operations: where to send the browser. */
export class HostedPageDto {
  @ApiProperty({ format: 'uri', description: 'A Stripe-hosted page; a secret link, do not share it' })
  url!: string;
}
