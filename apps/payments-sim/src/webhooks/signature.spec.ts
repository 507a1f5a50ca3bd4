import Stripe from 'stripe';
import { signatureHeader } from './signature';

describe('signatureHeader', () => {
  const secret = 'whsec_test_secret_for_signing';
  const stripe = new Stripe('sk_test_unused');
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid' }, null, 2);

  it('should match the header stripe-node generates for the same payload and time', () => {
    const timestamp = 1_790_000_000;
    expect(signatureHeader(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('should be accepted by stripe.webhooks.constructEvent, and refused with another secret', () => {
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
  });
});
