import Stripe from 'stripe';

/** The API version every request and every webhook of this service is read in. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Where the client finds Stripe: the secret key, and a base URL for a local stand-in. */
export interface StripeSettings {
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_API_URL?: string | undefined;
}

function endpointOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const STRIPE_TIMEOUT_MS = 10_000;
const STRIPE_NETWORK_RETRIES = 1;

/** The longest one Stripe call can take with the client below: each attempt up to its timeout. */
export const STRIPE_CALL_BOUND_MS = STRIPE_TIMEOUT_MS * (STRIPE_NETWORK_RETRIES + 1);

/** The official client with the pinned API version, or undefined without a secret key. */
export function createStripeClient(settings: StripeSettings): Stripe | undefined {
  if (!settings.STRIPE_SECRET_KEY) return undefined;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    // A caller waits on this; it retries on 503 rather than we retry long.
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    ...endpointOf(settings.STRIPE_API_URL),
  });
}
