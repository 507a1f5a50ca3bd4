import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  integerMessage,
  integerSchema,
  IsIntegerBetween,
  IsName,
  OptionalField,
} from '../../validation/body-rules';
import type { NewApiKey } from '../store/api-key.store';

export const API_KEY_RULES = {
  nameLength: 100,
  requestsPerMinute: { min: 1, max: 1_000_000 },
  wsConnections: { min: 1, max: 1_000 },
} as const;

/** Body of createApiKey: a name, and limits of the key's own (the defaults apply when absent). */
export class CreateApiKeyDto {
  @ApiProperty({
    description: 'Who or what uses the key',
    maxLength: API_KEY_RULES.nameLength,
    example: 'trading-bot',
  })
  @IsName(API_KEY_RULES.nameLength, {
    message: `name must be a string of 1 to ${API_KEY_RULES.nameLength} characters, not blank, without control characters`,
  })
  name!: string;

  @ApiPropertyOptional({
    ...integerSchema(API_KEY_RULES.requestsPerMinute),
    description: 'REST requests per minute and operation; the gateway default (40) when absent',
  })
  @OptionalField()
  @IsIntegerBetween(API_KEY_RULES.requestsPerMinute, {
    message: integerMessage('requestsPerMinute', API_KEY_RULES.requestsPerMinute),
  })
  requestsPerMinute?: number;

  @ApiPropertyOptional({
    ...integerSchema(API_KEY_RULES.wsConnections),
    description: 'Concurrent WebSocket connections per operation; the gateway default (2) when absent',
  })
  @OptionalField()
  @IsIntegerBetween(API_KEY_RULES.wsConnections, {
    message: integerMessage('wsConnections', API_KEY_RULES.wsConnections),
  })
  wsConnections?: number;
}

/** A validated body as the store takes it. */
export function toNewApiKey(dto: CreateApiKeyDto): NewApiKey {
  return {
    name: dto.name,
    ...(dto.requestsPerMinute === undefined ? {} : { requestsPerMinute: dto.requestsPerMinute }),
    ...(dto.wsConnections === undefined ? {} : { wsConnections: dto.wsConnections }),
  };
}
