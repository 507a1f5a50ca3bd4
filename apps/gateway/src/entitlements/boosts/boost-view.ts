import type { Boost } from './boost';
import type { BoostDto } from './dto/boost.dto';

export function boostView(keyId: string, boost: Boost): BoostDto {
  return {
    id: boost.id,
    keyId,
    extraRequestsPerMinute: boost.extraRequestsPerMinute,
    extraWsConnections: boost.extraWsConnections,
    grantedAt: new Date(boost.grantedAt).toISOString(),
    expiresAt: new Date(boost.expiresAt).toISOString(),
  };
}
