import { HttpStatus } from '@nestjs/common';
import type { ApiException } from '../errors/api-exception';

let last = 0;

/**
 * A number for each channel message as it arrives, and for each moment a connection goes live, in one
 * process-wide order: a connection skips the updates that arrived before its snapshot was sent (the
 * snapshot supersedes them), even when they are written out later, batched with newer ones.
 */
export function nextArrival(): number {
  last += 1;
  return last;
}

/** Text frame opcode with FIN set (RFC 6455 section 5.2). */
const FIN_TEXT = 0x81;

/**
 * A complete, unmasked WebSocket text frame (server to client, no extensions), built once and written
 * as it is to every socket of a topic: the header ws would build per socket and per send, made once.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (headerLength === 2) {
    frame[1] = length;
  } else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength);
  return frame;
}

/** One channel message, prepared once for every socket of the topic. */
export interface TopicUpdate {
  /** When it arrived (nextArrival). */
  readonly arrival: number;
  /** The conflation key (a kline's openTime; 0 for prices). */
  readonly key: number;
  readonly message: string;
  /** Its complete WebSocket frame. */
  readonly wire: Buffer;
}

/** The updates of one flush, oldest first. */
export class UpdateBatch {
  private joined: Buffer | undefined;

  constructor(readonly updates: readonly TopicUpdate[]) {}

  /** All their frames back to back, joined on first use (only sockets that keep up need it). */
  get wire(): Buffer {
    this.joined ??=
      this.updates.length === 1 && this.updates[0]
        ? this.updates[0].wire
        : Buffer.concat(this.updates.map((update) => update.wire));
    return this.joined;
  }
}

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
