import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { type CrossFieldRules } from '../../validation/cross-field-rules';
import { IsIsoDateTime, isIsoDateTime } from '../../validation/query-rules';
import { QueryMessage } from '../../validation/query-messages';
import { USAGE_RETENTION_DAYS } from './usage-tally';

export const GRANULARITIES = ['hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Query of getAccountUsage: a range within the kept history, in hour or day buckets. */
export class UsageQueryDto implements CrossFieldRules {
  @ApiPropertyOptional({
    format: 'date-time',
    description: `Start of the range, rounded down to its bucket; default 24 hours before to. At most ${USAGE_RETENTION_DAYS} days back.`,
  })
  @IsOptional()
  @IsIsoDateTime({ message: QueryMessage.dateTime('from') })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'End of the range (inclusive); default now' })
  @IsOptional()
  @IsIsoDateTime({ message: QueryMessage.dateTime('to') })
  to?: string;

  @ApiPropertyOptional({ enum: GRANULARITIES, default: 'hour', description: 'Bucket size, UTC' })
  @IsOptional()
  @IsIn(GRANULARITIES, {
    message: `granularity must be one of the following values: ${GRANULARITIES.join(', ')}`,
  })
  granularity?: Granularity;

  crossFieldProblems(): string[] {
    if (!isIsoDateTime(this.from) || !isIsoDateTime(this.to)) return [];
    return Date.parse(this.from) > Date.parse(this.to) ? [QueryMessage.fromAfterTo] : [];
  }
}
