import { randomBytes } from 'node:crypto';

/** Extra limits granted to one key until `expiresAt`; times are epoch ms (ISO only at the edges). */
export interface Boost {
  readonly id: string;
  readonly extraRequestsPerMinute: number;
  readonly extraWsConnections: number;
  readonly grantedAt: number;
  readonly expiresAt: number;
}

/** What an admin asks for; the store adds the id and `grantedAt`. */
export interface NewBoost {
  readonly extraRequestsPerMinute: number;
  readonly extraWsConnections: number;
  readonly expiresAt: number;
}

export function generateBoostId(): string {
  return randomBytes(8).toString('hex');
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A stored boost, or undefined for anything malformed (ignored rather than failing a request). */
export function boostFromJson(json: string): Boost | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, extraRequestsPerMinute, extraWsConnections, grantedAt, expiresAt } = value as Record<
    string,
    unknown
  >;
  if (typeof id !== 'string' || !isCount(extraRequestsPerMinute) || !isCount(extraWsConnections)) {
    return undefined;
  }
  if (!isCount(grantedAt) || !isCount(expiresAt)) return undefined;
  return { id, extraRequestsPerMinute, extraWsConnections, grantedAt, expiresAt };
}

export function boostToJson(boost: Boost): string {
  const { id, extraRequestsPerMinute, extraWsConnections, grantedAt, expiresAt } = boost;
  return JSON.stringify({ id, extraRequestsPerMinute, extraWsConnections, grantedAt, expiresAt });
}
