/** The Stripe subscription behind the plan, as billing last read it. */
export interface AccountSubscription {
  readonly status: string;
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  /** The plan from the period end on (a downgrade, or `free` when cancelling); null: no change. */
  readonly pendingPlan: string | null;
}

/** An account as stored: the password only as its Argon2id hash. */
export interface AccountRecord {
  readonly id: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly plan: string;
  readonly createdAt: string;
  readonly verifiedAt?: string;
  /** Written by billing only (libs/billing AccountBilling), never at creation. */
  readonly subscription?: AccountSubscription;
  /** Whether billing made a Stripe customer for the account (its first Checkout or portal visit). */
  readonly hasStripeCustomer?: boolean;
}

export function accountToHash(record: AccountRecord): Record<string, string> {
  return {
    id: record.id,
    email: record.email,
    passwordHash: record.passwordHash,
    plan: record.plan,
    createdAt: record.createdAt,
    ...(record.verifiedAt === undefined ? {} : { verifiedAt: record.verifiedAt }),
  };
}

export function accountFromHash(hash: Record<string, string>): AccountRecord | undefined {
  const { id, email, passwordHash, plan, createdAt, verifiedAt } = hash;
  if (!id || !email || !passwordHash || !plan || !createdAt) return undefined;
  return {
    id,
    email,
    passwordHash,
    plan,
    createdAt,
    ...(verifiedAt ? { verifiedAt } : {}),
    ...subscriptionFromHash(hash),
    ...(hash.stripeCustomerId ? { hasStripeCustomer: true } : {}),
  };
}

function subscriptionFromHash(hash: Record<string, string>): { subscription?: AccountSubscription } {
  const { subscriptionStatus, currentPeriodEnd, cancelAtPeriodEnd, pendingPlan } = hash;
  if (!subscriptionStatus || !currentPeriodEnd) return {};
  return {
    subscription: {
      status: subscriptionStatus,
      currentPeriodEnd,
      cancelAtPeriodEnd: cancelAtPeriodEnd === 'true',
      pendingPlan: pendingPlan ?? null,
    },
  };
}

/** Emails are unique case-insensitively: the index holds this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
