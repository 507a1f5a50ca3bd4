import { Injectable } from '@nestjs/common';
import { Mailer, type AccountRecord } from '../../accounts';

/** A declined charge, as the mail tells it. */
export interface DeclinedCharge {
  readonly planName: string;
  readonly invoiceNumber: string | null;
  /** Decimal string and currency, as the API shows amounts. */
  readonly amount: string;
  readonly currency: string;
  /** When Stripe charges again; null when it will not. */
  readonly nextAttempt: Date | null;
}

/**
 * The billing mails to an account's owner. The link is the account page (a failed payment: its
 * "Fix payment" link at the top, `#fix-payment`), which opens the Stripe customer portal: a portal
 * URL is a secret of its own and expires, so none is mailed.
 */
@Injectable()
export class BillingMails {
  constructor(private readonly mailer: Mailer) {}

  paymentFailed(account: AccountRecord, charge: DeclinedCharge): void {
    const invoice = charge.invoiceNumber ? ` (invoice ${charge.invoiceNumber})` : '';
    const retry = charge.nextAttempt
      ? `We will try again on ${charge.nextAttempt.toISOString().slice(0, 10)}; until then your ${charge.planName} plan and its limits stay as they are.`
      : `No further attempt is planned.`;
    this.mailer.sendInBackground({
      kind: 'payment-failed',
      accountId: account.id,
      to: account.email,
      subject: `Your payment for the ${charge.planName} plan failed`,
      text: [
        `We could not charge your card ${charge.amount} ${charge.currency.toUpperCase()} for the Price Data Service${invoice}.`,
        retry,
        '',
        'To fix it, sign in and choose "Fix payment" at the top of your account page to update your card in the billing portal:',
        `${this.mailer.accountPage}#fix-payment`,
        '',
        "If the payment keeps failing, the plan ends and your keys get the free plan's limits.",
      ].join('\n'),
    });
  }

  planEnded(account: AccountRecord, planName: string, unpaid: boolean): void {
    const why = unpaid ? 'because its payment could not be collected' : 'as its subscription was cancelled';
    this.mailer.sendInBackground({
      kind: 'plan-ended',
      accountId: account.id,
      to: account.email,
      subject: `Your ${planName} plan has ended`,
      text: [
        `Your ${planName} plan of the Price Data Service has ended, ${why}.`,
        "Your API keys keep working with the free plan's limits.",
        '',
        `You can subscribe again at any time: ${this.mailer.accountPage}`,
      ].join('\n'),
    });
  }
}
