import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One exchange in an index second (docs/index.md, "Components"). */
export class IndexSourceDto {
  @ApiProperty({ enum: ['binance', 'binance-us', 'kraken'], example: 'kraken' }) exchange!: string;

  @ApiProperty({ example: '97120.1', description: "The exchange's latest trade price, as it reports it" })
  price!: string;

  @ApiProperty({ example: '2026-11-22T01:02:02.871Z', description: "That trade's time" })
  time!: string;

  @ApiProperty({ description: 'Whether the price is in the median of this second' }) included!: boolean;

  @ApiPropertyOptional({
    enum: ['dark', 'stale', 'deviation', 'too-few-sources'],
    description:
      'Why it is left out: its feed is dark, its last trade is over 30 s old, it is more than 10 % from ' +
      'the others (5 % to come back), or fewer than two sources qualify',
  })
  reason?: string;
}

/** The index resource: the median of the included exchanges' prices at one second of the UTC grid. */
export class IndexPriceDto {
  @ApiProperty({ example: '97123.45000000', description: 'Median of the included prices, exact decimal' })
  price!: string;

  @ApiProperty({
    example: '2026-11-22T01:02:03.000Z',
    description: 'The second (UTC grid) it was computed for',
  })
  time!: string;

  @ApiProperty({ example: '3.20000000', description: 'Half the spread of the included prices' })
  confidence!: string;

  @ApiProperty({ type: [IndexSourceDto], description: 'Every exchange with a price, in configured order' })
  sources!: IndexSourceDto[];
}
