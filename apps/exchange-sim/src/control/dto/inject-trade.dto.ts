import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** POST /sim/trade: a trade (or `count` of them) at a BTCUSDT price (0.01 tick) and quantity (0.00001 step), as strings. */
export class InjectTradeDto {
  @IsString()
  price!: string;

  @IsString()
  qty!: string;

  /** Binance's `m`; false (the taker bought) unless sent. */
  @IsOptional()
  @IsBoolean()
  isBuyerMaker?: boolean;

  /** How many such trades to book at once, each streamed at once (a burst); 1 unless sent. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  count?: number;
}
