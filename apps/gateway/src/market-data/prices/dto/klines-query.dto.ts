import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { CurrentKlineQueryDto } from './current-kline-query.dto';
import { QueryMessage } from '../../../validation/query-messages';
import { IsIsoDateTime, IsKlinesLimit, isIsoDateTime, KLINES_LIMIT } from '../../../validation/query-rules';
import { emptyAsAbsent } from './price-query.dto';
import type { CrossFieldRules } from '../../../validation/cross-field-rules';

export class KlinesQueryDto extends CurrentKlineQueryDto implements CrossFieldRules {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: KLINES_LIMIT.min,
    maximum: KLINES_LIMIT.max,
    default: KLINES_LIMIT.default,
    nullable: true,
  })
  @emptyAsAbsent()
  @IsOptional()
  @IsKlinesLimit({ message: QueryMessage.limit })
  limit?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    description: 'Inclusive lower bound on openTime',
  })
  @emptyAsAbsent()
  @IsOptional()
  @IsIsoDateTime({ message: QueryMessage.dateTime('from') })
  from?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    description: 'Inclusive upper bound on openTime',
  })
  @emptyAsAbsent()
  @IsOptional()
  @IsIsoDateTime({ message: QueryMessage.dateTime('to') })
  to?: string;

  crossFieldProblems(): string[] {
    if (!isIsoDateTime(this.from) || !isIsoDateTime(this.to)) return [];
    return Date.parse(this.from) > Date.parse(this.to) ? [QueryMessage.fromAfterTo] : [];
  }
}
