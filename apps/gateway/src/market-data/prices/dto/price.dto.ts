import { ApiProperty } from '@nestjs/swagger';
import type { Kline, Price } from '@pds/market';

/** OpenAPI shapes of the 200 bodies; the bodies themselves are the JSON the ingestor stored. */
export class PriceDto implements Price {
  @ApiProperty({
    example: '97123.45000000',
    description: 'Decimal as text, exactly as the exchange reports it',
  })
  price!: string;

  @ApiProperty({ example: '2026-11-22T01:02:03.456Z', description: 'Exchange trade time of the last trade' })
  time!: string;
}

export class KlineDto implements Kline {
  @ApiProperty({ example: '2026-11-22T01:02:00.000Z' }) openTime!: string;
  @ApiProperty({ example: '2026-11-22T01:02:59.999Z' }) closeTime!: string;
  @ApiProperty({ example: '97100.00000000' }) open!: string;
  @ApiProperty({ example: '97150.10000000' }) high!: string;
  @ApiProperty({ example: '97090.00000000' }) low!: string;
  @ApiProperty({ example: '97123.45000000' }) close!: string;
  @ApiProperty({ example: '12.34500000' }) volume!: string;
  @ApiProperty({ type: 'integer', example: 321 }) trades!: number;
  @ApiProperty({ description: 'true when the kline is fully closed, false while it is still open' })
  isClosed!: boolean;
}

export class KlinesResponseDto {
  @ApiProperty({ type: [KlineDto], description: 'Ascending by openTime; the open kline last when in range' })
  klines!: KlineDto[];
}
