import Stripe from 'stripe';
import { signedTimeAsStripeReadsIt } from './signature-time';

const SECRET = 'whsec_signature_time_spec';
const payload = JSON.stringify({ id: 'evt_time', object: 'event', type: 'ping' });
const stripe = new Stripe('sk_test_signature_time_spec');

/** Whether the `stripe` package accepts `header` when it arrives at `time` (s), tolerating 1 s of age. */
function acceptedAt(header: string, time: number): boolean {
  try {
    stripe.webhooks.constructEvent(payload, header, SECRET, 1, undefined, time * 1000);
    return true;
  } catch {
    return false;
  }
}

/** The time the package verified: accepted when it arrives then, too old 2 s later. */
function verifiedTime(header: string, candidates: readonly number[]): number | undefined {
  return candidates.find((time) => acceptedAt(header, time) && !acceptedAt(header, time + 2));
}

describe('the Stripe-Signature time', () => {
  const signedAt = 1_900_000_000;
  const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: signedAt });

  it.each([
    ['as signed', signed],
    ['with another t= written in front', `t=${signedAt - 3600},${signed}`],
    ['with a t= written in front with a space', ` t=${signedAt + 60},${signed}`],
    ['with a t= carrying more after its number', `${signed},t=${signedAt}=x`],
  ])('should read the time the stripe package verified, %s', (_name, header) => {
    expect(signedTimeAsStripeReadsIt(header)).toBe(signedAt);
    expect(verifiedTime(header, [signedAt - 3600, signedAt, signedAt + 60])).toBe(signedAt);
  });

  it('should find no time in a header without a t=', () => {
    expect(signedTimeAsStripeReadsIt('v1=00')).toBeNaN();
  });
});
