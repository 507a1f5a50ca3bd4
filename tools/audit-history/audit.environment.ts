import { RedisEnvironment } from '@pds/config';
import { BINANCE_REST_URL } from '@pds/exchange';
import { IsOptional, IsString, IsUrl, MinLength } from 'class-validator';

/** What `npm run audit-history` compares: the exchange's REST history and this deployment's store. */
export class AuditEnvironment extends RedisEnvironment {
  /** The exchange the service ingests from (Binance itself in production). */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  EXCHANGE_REST_URL = BINANCE_REST_URL;

  /** With --gateway: the API key its getKlines is called with. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  AUDIT_API_KEY?: string;
}
