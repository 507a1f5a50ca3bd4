import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  integerMessage,
  integerSchema,
  IsIntegerBetween,
  OptionalField,
} from '../../../validation/body-rules';
import { IsIsoDateTime, isIsoDateTime } from '../../../validation/query-rules';
import type { CrossFieldRules } from '../../../validation/cross-field-rules';
import type { NewBoost } from '../boost';

const MAX_SECONDS = 366 * 24 * 3600;

export const BOOST_RULES = {
  extraRequestsPerMinute: { min: 1, max: 1_000_000 },
  extraWsConnections: { min: 1, max: 1_000 },
  expiresInSeconds: { min: 1, max: MAX_SECONDS },
} as const;

export const BoostMessage = {
  noExtra: 'extraRequestsPerMinute or extraWsConnections must be given',
  noExpiry: 'expiresAt or expiresInSeconds must be given',
  twoExpiries: 'expiresAt and expiresInSeconds must not both be given',
  expiresAt: 'expiresAt must be an ISO 8601 date-time',
  past: 'expiresAt must be in the future',
  tooFar: `expiresAt must be at most ${MAX_SECONDS} seconds ahead`,
} as const;

/** Body of grantBoost: extra limits (at least one) and an expiry (exactly one of the two forms). */
export class GrantBoostDto implements CrossFieldRules {
  @ApiPropertyOptional(integerSchema(BOOST_RULES.extraRequestsPerMinute))
  @OptionalField()
  @IsIntegerBetween(BOOST_RULES.extraRequestsPerMinute, {
    message: integerMessage('extraRequestsPerMinute', BOOST_RULES.extraRequestsPerMinute),
  })
  extraRequestsPerMinute?: number;

  @ApiPropertyOptional(integerSchema(BOOST_RULES.extraWsConnections))
  @OptionalField()
  @IsIntegerBetween(BOOST_RULES.extraWsConnections, {
    message: integerMessage('extraWsConnections', BOOST_RULES.extraWsConnections),
  })
  extraWsConnections?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the boost ends (in the future)' })
  @OptionalField()
  @IsIsoDateTime({ message: BoostMessage.expiresAt })
  expiresAt?: string;

  @ApiPropertyOptional({
    ...integerSchema(BOOST_RULES.expiresInSeconds),
    description: 'Or: how long the boost lasts from now',
  })
  @OptionalField()
  @IsIntegerBetween(BOOST_RULES.expiresInSeconds, {
    message: integerMessage('expiresInSeconds', BOOST_RULES.expiresInSeconds),
  })
  expiresInSeconds?: number;

  crossFieldProblems(now = Date.now()): string[] {
    const problems: string[] = [];
    if (this.extraRequestsPerMinute === undefined && this.extraWsConnections === undefined)
      problems.push(BoostMessage.noExtra);
    const hasAt = this.expiresAt !== undefined;
    const hasIn = this.expiresInSeconds !== undefined;
    if (!hasAt && !hasIn) problems.push(BoostMessage.noExpiry);
    if (hasAt && hasIn) problems.push(BoostMessage.twoExpiries);
    if (isIsoDateTime(this.expiresAt)) {
      const expiresAt = Date.parse(this.expiresAt);
      if (expiresAt <= now) problems.push(BoostMessage.past);
      else if (expiresAt > now + MAX_SECONDS * 1000) problems.push(BoostMessage.tooFar);
    }
    return problems;
  }
}

/** A validated body as the store takes it; the expiry is fixed against `now`. */
export function toNewBoost(dto: GrantBoostDto, now = Date.now()): NewBoost {
  return {
    extraRequestsPerMinute: dto.extraRequestsPerMinute ?? 0,
    extraWsConnections: dto.extraWsConnections ?? 0,
    expiresAt:
      dto.expiresAt === undefined ? now + (dto.expiresInSeconds ?? 0) * 1000 : Date.parse(dto.expiresAt),
  };
}
