import { ApiProperty } from '@nestjs/swagger';
import { ErrorCode } from './error-code';

export class ErrorBodyDto {
  @ApiProperty({ enum: Object.values(ErrorCode), example: ErrorCode.ValidationError })
  code!: string;

  @ApiProperty({
    example: 'interval must be one of the following values: 1m, 5m, 15m, 30m, 1h, 4h, 6h, 12h, 1d',
  })
  message!: string;
}
