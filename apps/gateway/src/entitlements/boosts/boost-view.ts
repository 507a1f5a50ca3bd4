import type { Boost } from './boost';
import type { AccountBoostDto, BoostDto } from './dto/boost.dto';

/** A boost as the API shows it, with the key or account it raises. */
function viewOf(boost: Boost): Omit<BoostDto, 'keyId'> {
  return {
    id: boost.id,
    extraRequestsPerMinute: boost.extraRequestsPerMinute,
    extraWsConnections: boost.extraWsConnections,
    grantedAt: new Date(boost.grantedAt).toISOString(),
    expiresAt: new Date(boost.expiresAt).toISOString(),
  };
}

export function boostView(keyId: string, boost: Boost): BoostDto {
  const { id, ...rest } = viewOf(boost);
  return { id, keyId, ...rest };
}

export function accountBoostView(accountId: string, boost: Boost): AccountBoostDto {
  const { id, ...rest } = viewOf(boost);
  return { id, accountId, ...rest };
}
