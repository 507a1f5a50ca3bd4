import Stripe from 'stripe';
import { ApiException } from '../../errors/api-exception';
import type { Plan } from '../../entitlements';
import { StripePlanMoves } from './stripe-plan-moves';

const BUSINESS = { id: 'business', name: 'Business', stripePriceId: 'price_business' } as Plan & {
  stripePriceId: string;
};

const SUBSCRIPTION = {
  id: 'sub_1',
  latest_invoice: 'in_1',
  items: { data: [{ id: 'si_1', price: { id: 'price_pro' }, current_period_start: 1_800_000_000 }] },
} as unknown as Stripe.Subscription;

const HELD = { ...SUBSCRIPTION, latest_invoice: 'in_2', pending_update: { expires_at: 1_800_082_800 } };

/**
 * The moves over a client whose `subscriptions.update` answers `update`; after a decline the
 * subscription holds the change with its open invoice `in_2`, which `voidInvoice` records.
 */
function movesWith(update: jest.Mock, voidInvoice = jest.fn().mockResolvedValue({})) {
  const stripe = {
    subscriptions: { update, retrieve: jest.fn().mockResolvedValue(HELD) },
    invoices: { retrieve: jest.fn().mockResolvedValue({ id: 'in_2', status: 'open' }), voidInvoice },
  } as unknown as Stripe;
  return new StripePlanMoves(stripe);
}

async function refusal(run: Promise<void>): Promise<ApiException> {
  const error: unknown = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiException)) throw new Error('the upgrade was not refused');
  return error;
}

describe('StripePlanMoves.upgradeOncePaid', () => {
  it('should ask Stripe to apply the change only once paid, at the previewed proration date', async () => {
    const update = jest.fn().mockResolvedValue({ pending_update: null });
    await movesWith(update).upgradeOncePaid(SUBSCRIPTION, BUSINESS, 1_800_000_123);
    expect(update).toHaveBeenCalledWith(
      'sub_1',
      {
        items: [{ id: 'si_1', price: 'price_business' }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        proration_date: 1_800_000_123,
      },
      { idempotencyKey: 'pds-upgrade-si_1-price_pro-price_business-in_1-1800000123' },
    );
  });

  it('should answer 402 PAYMENT_REQUIRED and void the invoice of the held change when Stripe declines the card', async () => {
    const declined = new Stripe.errors.StripeCardError({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const voidInvoice = jest.fn().mockResolvedValue({});
    const error = await refusal(
      movesWith(jest.fn().mockRejectedValue(declined), voidInvoice).upgradeOncePaid(SUBSCRIPTION, BUSINESS),
    );
    expect(error.getStatus()).toBe(402);
    expect(error.body.code).toBe('PAYMENT_REQUIRED');
    expect(voidInvoice).toHaveBeenCalledWith('in_2');
  });

  it('should answer 402 and void the invoice when Stripe holds the change in pending_update instead', async () => {
    const voidInvoice = jest.fn().mockResolvedValue({});
    const held = jest.fn().mockResolvedValue(HELD);
    const error = await refusal(movesWith(held, voidInvoice).upgradeOncePaid(SUBSCRIPTION, BUSINESS));
    expect(error.getStatus()).toBe(402);
    expect(voidInvoice).toHaveBeenCalledWith('in_2');
  });

  it('should answer 503 when Stripe fails otherwise', async () => {
    const failing = new Stripe.errors.StripeAPIError({ type: 'api_error', message: 'boom' });
    const error = await refusal(
      movesWith(jest.fn().mockRejectedValue(failing)).upgradeOncePaid(SUBSCRIPTION, BUSINESS),
    );
    expect(error.getStatus()).toBe(503);
  });
});
