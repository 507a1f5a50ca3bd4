import { Injectable } from '@nestjs/common';
import { AccountBilling, createStripeClient, priceCatalogue, StripeSync } from '@pds/billing';
import { AppLogger } from '@pds/observability';
import { CacheEnvironment } from '../cache.environment';

/** How one reconciliation went: accounts re-read, and those Stripe or Redis failed on. */
export interface ReconcileResult {
  readonly accounts: number;
  readonly failed: number;
}

/**
 * Re-reads every billed account from Stripe and applies it, through the same code the gateway's
 * webhooks use: whatever a lost or failed webhook left wrong is corrected here.
 */
@Injectable()
export class BillingReconciler {
  readonly sync?: StripeSync;

  constructor(
    env: CacheEnvironment,
    private readonly billing: AccountBilling,
    private readonly logger: AppLogger,
  ) {
    const stripe = createStripeClient(env);
    if (stripe) this.sync = new StripeSync(stripe, billing, priceCatalogue(env));
  }

  async reconcileAll(): Promise<ReconcileResult> {
    const sync = this.sync;
    if (!sync) return { accounts: 0, failed: 0 };
    const accounts = await this.billing.billedAccounts();
    let failed = 0;
    for (const accountId of accounts) {
      try {
        await sync.reconcileAccount(accountId);
      } catch (error) {
        failed += 1;
        this.logger.warn(
          { accountId, error: error instanceof Error ? error.name : 'unknown' },
          'billing-reconcile-failed',
        );
      }
    }
    this.logger.info({ accounts: accounts.length, failed }, 'billing-reconciled');
    return { accounts: accounts.length, failed };
  }
}
