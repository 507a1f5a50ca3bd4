import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_SYMBOL, MARKET_SYMBOLS, type MarketSymbol } from '@pds/market';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { QueryMessage } from '../../../validation/query-messages';

/** A nullable query parameter: an empty value means the same as leaving it out. */
export const emptyAsAbsent = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

export class PriceQueryDto {
  @ApiPropertyOptional({ enum: MARKET_SYMBOLS, default: DEFAULT_SYMBOL, nullable: true })
  @emptyAsAbsent()
  @IsOptional()
  @IsIn(MARKET_SYMBOLS, { message: QueryMessage.symbol })
  symbol?: MarketSymbol;
}
