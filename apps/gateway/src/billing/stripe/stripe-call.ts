import Stripe from 'stripe';
import { ApiException } from '../../errors/api-exception';
import type { StripeClient } from './stripe.provider';

const RETRY_AFTER_SECONDS = 30;

/** The client, or 503 when billing is not configured on this deployment. */
export function requireStripe(stripe: StripeClient): Stripe {
  if (!stripe) throw ApiException.serviceUnavailable('Billing is not configured', RETRY_AFTER_SECONDS);
  return stripe;
}

/**
 * Awaits a Stripe call; Stripe unreachable, failing or refusing our key becomes 503 with
 * Retry-After, since the caller can do nothing but try again later. The message stays generic:
 * Stripe's own may quote ids or parameters.
 */
export async function fromStripe<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw ApiException.serviceUnavailable('The payment provider is unavailable', RETRY_AFTER_SECONDS);
    }
    throw error;
  }
}
