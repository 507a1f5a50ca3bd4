import { IsBoolean, IsOptional, IsString } from 'class-validator';

/** POST /sim/trade: a trade at a BTCUSDT price (0.01 tick) and quantity (0.00001 step), as strings. */
export class InjectTradeDto {
  @IsString()
  price!: string;

  @IsString()
  qty!: string;

  /** Binance's `m`; false (the taker bought) unless sent. */
  @IsOptional()
  @IsBoolean()
  isBuyerMaker?: boolean;
}
