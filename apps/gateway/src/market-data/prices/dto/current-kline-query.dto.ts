import { ApiProperty } from '@nestjs/swagger';
import { type Interval, INTERVALS } from '@pds/market';
import { IsIn } from 'class-validator';
import { QueryMessage } from '../../../validation/query-messages';
import { PriceQueryDto } from './price-query.dto';

export class CurrentKlineQueryDto extends PriceQueryDto {
  @ApiProperty({ enum: INTERVALS })
  @IsIn(INTERVALS, { message: QueryMessage.interval })
  interval!: Interval;
}
