import { HttpStatus } from '@nestjs/common';
import type { ApiException } from '../errors/api-exception';

/** WebSocket close codes the streams use (RFC 6455 section 7.4 and CONTRACT section 6). */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  InternalError: 1011,
  TryAgainLater: 1013,
} as const;

export interface CloseFrame {
  readonly code: number;
  readonly reason: string;
}

/**
 * How a refused connection ends: a client error closes with 4000 + its HTTP status (4400, 4401,
 * 4429, ...), a 503 (Redis away, no market data yet) with 1013 "try again later", anything else
 * with 1011. The reason is the body's code, as the contract asks.
 */
export function closeFrameFor(error: ApiException): CloseFrame {
  const status = error.getStatus();
  const reason = error.body.code;
  if (status === (HttpStatus.SERVICE_UNAVAILABLE as number)) return { code: CloseCode.TryAgainLater, reason };
  if (status >= 400 && status < 500) return { code: 4000 + status, reason };
  return { code: CloseCode.InternalError, reason };
}
