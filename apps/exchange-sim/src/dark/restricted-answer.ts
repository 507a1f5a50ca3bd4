import type { SimExchange } from '../sim.environment';

export interface RestrictedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** Binance's (and Binance.US's) answer to a restricted location, body as Binance sends it. */
const BINANCE_RESTRICTED: RestrictedAnswer = {
  status: 451,
  contentType: 'application/json',
  body: JSON.stringify({
    code: 0,
    msg: "Service unavailable from a restricted location according to 'b. Eligibility' in https://www.binance.com/en/terms. Please contact customer service if you believe you received this message in error.",
  }),
};

/**
 * Kraken blocks restricted countries at its CDN (Cloudflare) rather than in its API: the answer is
 * Cloudflare's "error code: 1009" (the site's owner has banned your country) with HTTP 403, not a 451
 * and not Kraken's `{"error":[...]}` body.
 */
const KRAKEN_RESTRICTED: RestrictedAnswer = {
  status: 403,
  contentType: 'text/plain; charset=UTF-8',
  body: 'error code: 1009',
};

/** What the exchange answers to every request while it refuses this location (dark mode `451`). */
export function restrictedAnswer(exchange: SimExchange): RestrictedAnswer {
  return exchange === 'kraken' ? KRAKEN_RESTRICTED : BINANCE_RESTRICTED;
}
