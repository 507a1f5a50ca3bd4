// The banner at the top of the page while a payment is past due: "Fix payment" opens the customer
// portal (the failure mail links here, #fix-payment). Back from the portal, it says when Stripe
// charges the card again: the open invoice's next attempt.
import { $, day } from './dom.js';
import { liveSubscription } from './subscription.js';

let backFromPortal = false;

/** The page was opened by the portal's return link. */
export function noteReturnFromPortal() {
  backFromPortal = true;
}

function nextAttemptOf(invoices) {
  const next = invoices.find((invoice) => invoice.status === 'open' && invoice.nextPaymentAttempt);
  return next ? `on ${day(next.nextPaymentAttempt)}` : 'soon';
}

export function renderPastDue(me, invoices) {
  const banner = $('past-due');
  const pastDue = liveSubscription(me)?.status === 'past_due';
  banner.hidden = !pastDue;
  if (!pastDue) {
    backFromPortal = false;
    delete banner.dataset.state;
    return;
  }
  const when = nextAttemptOf(invoices);
  if (backFromPortal) {
    banner.dataset.state = 'card-updated';
    $('past-due-text').textContent =
      `Thank you. Stripe charges your card again ${when}; your plan’s limits stay meanwhile, ` +
      'and this notice goes once the payment is through.';
  } else {
    delete banner.dataset.state;
    $('past-due-text').textContent =
      `Your last payment failed. Your plan’s limits stay while Stripe retries the card (next attempt ${when}).`;
  }
}

/** Brings the banner into view when the page was opened from the failure mail's link. */
export function showFixPaymentIfAsked() {
  if (location.hash === '#fix-payment' && !$('past-due').hidden) $('fix-payment').focus();
}
