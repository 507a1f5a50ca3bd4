import { ApiProperty } from '@nestjs/swagger';
import { BoostDto } from '../../entitlements';
import { LIMITED_OPERATIONS } from '../usage/current-usage';
import { ApiKeyDto, LimitsDto } from './api-key.dto';

export class OperationUsageDto {
  @ApiProperty({ enum: LIMITED_OPERATIONS })
  operation!: string;

  @ApiProperty({ type: 'integer', description: 'REST requests counted in the current window' })
  requestsUsed!: number;

  @ApiProperty({ type: 'integer' })
  requestsRemaining!: number;

  @ApiProperty({ type: 'integer', description: 'Seconds until the window resets; 0 when none is open' })
  windowResetsInSeconds!: number;

  @ApiProperty({ type: 'integer', description: 'Open WebSocket connections, across every replica' })
  wsConnectionsOpen!: number;

  @ApiProperty({ type: 'integer' })
  wsConnectionsRemaining!: number;
}

/** The owner's view of its key: the record, the limits that apply now and why, and current usage. */
export class OwnApiKeyDto extends ApiKeyDto {
  @ApiProperty({ type: LimitsDto, description: 'Own limits plus active boosts, per operation' })
  effectiveLimits!: LimitsDto;

  @ApiProperty({ type: [BoostDto], description: 'Active boosts, soonest to end first' })
  boosts!: BoostDto[];

  @ApiProperty({ type: [OperationUsageDto] })
  usage!: OperationUsageDto[];
}
