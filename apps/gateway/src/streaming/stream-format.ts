import { openTimeOfMessage } from './open-time-range';
import type { StreamKind } from './stream-route';

/**
 * How a stream turns a Redis message into frames. `keyOf` and `frameOf` run once per message, not
 * per socket; `framesOf` runs only for a slow reader's conflated backlog.
 */
export interface StreamFormat {
  /** The conflation key: a kline's openTime, or 0 for prices (only the latest counts). */
  keyOf(message: string): number;
  /** The frame of one message; channel payloads are already in the HTTP shape. */
  frameOf(message: string): string;
  /** The frames of conflated messages, oldest key first. */
  framesOf(messages: readonly string[]): string[];
}

const PRICE: StreamFormat = {
  keyOf: () => 0,
  frameOf: (message) => message,
  framesOf: (messages) => [...messages],
};

const CURRENT_KLINE: StreamFormat = {
  keyOf: openTimeOfMessage,
  frameOf: (message) => message,
  framesOf: (messages) => [...messages],
};

/** `/klines` pushes deltas: the klines that changed, for the client to upsert by openTime. */
const KLINES: StreamFormat = {
  keyOf: openTimeOfMessage,
  frameOf: (message) => `{"klines":[${message}]}`,
  framesOf: (messages) => [`{"klines":[${messages.join(',')}]}`],
};

export function formatOf(kind: StreamKind): StreamFormat {
  switch (kind) {
    case 'price':
      return PRICE;
    case 'current-kline':
      return CURRENT_KLINE;
    case 'klines':
      return KLINES;
  }
}
