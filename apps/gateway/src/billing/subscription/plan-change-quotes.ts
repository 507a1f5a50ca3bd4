import { Inject, Injectable } from '@nestjs/common';
import { REDIS_COMMAND, type RedisClient, RedisKeys } from '@pds/redis';

/** How long a previewed amount holds: long enough to read it and confirm. */
const QUOTE_LIFETIME_SECONDS = 15 * 60;

/** A previewed upgrade: Stripe's proration date, which the change then uses to charge the same. */
export interface PlanChangeQuote {
  readonly plan: string;
  readonly subscriptionItem: string;
  readonly prorationDate: number;
}

function parse(text: string | null): PlanChangeQuote | undefined {
  if (!text) return undefined;
  const value = JSON.parse(text) as Partial<PlanChangeQuote>;
  return typeof value.plan === 'string' &&
    typeof value.subscriptionItem === 'string' &&
    typeof value.prorationDate === 'number'
    ? (value as PlanChangeQuote)
    : undefined;
}

/** The last upgrade preview of each account, kept a few minutes in Redis (any replica may confirm it). */
@Injectable()
export class PlanChangeQuotes {
  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async remember(accountId: string, quote: PlanChangeQuote): Promise<void> {
    await this.redis.set(
      this.keys.planChangeQuote(accountId),
      JSON.stringify(quote),
      'EX',
      QUOTE_LIFETIME_SECONDS,
    );
  }

  /** The quote for `plan` on that subscription item, if one was shown and has not expired. */
  async of(accountId: string, plan: string, subscriptionItem: string): Promise<PlanChangeQuote | undefined> {
    const quote = parse(await this.redis.get(this.keys.planChangeQuote(accountId)));
    return quote?.plan === plan && quote.subscriptionItem === subscriptionItem ? quote : undefined;
  }
}
