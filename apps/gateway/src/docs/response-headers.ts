import type { HeadersObject } from '@nestjs/swagger';

const seconds = { type: 'integer', minimum: 0 } as const;

/**
 * What every answer to a request whose API key was accepted and counted carries (CONTRACT section 5):
 * the key's limit on this operation, what is left of it, and when the window resets.
 */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  'X-RateLimit-Limit': {
    description:
      'Requests per minute this key may make to this operation (its own limit and boosts included)',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests this key has left on this operation in the current window',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the current window ends and the count starts again',
    schema: seconds,
  },
};

/** What every 429 and 503 answer carries: when to try again. */
export const RETRY_AFTER_HEADER: HeadersObject = {
  'Retry-After': {
    description: 'Seconds to wait before sending the request again',
    schema: seconds,
  },
};

/** What every answer of the three price operations carries besides the rate limit (CONTRACT section 11). */
export const PRICE_HEADERS: HeadersObject = {
  ...RATE_LIMIT_HEADERS,
  'X-Price-Source': {
    description:
      'The exchange the newest value of the answer came from: the configured exchange, or one of its ' +
      'standbys while it is dark (`binance`, `binance-us`, `kraken`)',
    schema: { type: 'string', enum: ['binance', 'binance-us', 'kraken'] },
  },
};
