import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlanCatalogue } from '../../entitlements';
import { invalidSessionToken } from '../sessions/session-token.guard';
import { AccountOnly, SignedInSession } from '../sessions/account-only.decorator';
import { AccountKeyViews } from '../../keys';
import { AccountDto } from '../dto/account.dto';
import type { Session } from '../sessions/session.store';
import { AccountStore } from '../store/account.store';

/** The signed-in account (CONTRACT section 10). */
@ApiTags('auth')
@AccountOnly()
@Controller('api/v1/account')
export class AccountController {
  constructor(
    private readonly accounts: AccountStore,
    private readonly plans: PlanCatalogue,
    private readonly keyViews: AccountKeyViews,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getAccount',
    description:
      'The signed-in account: its email, its plan and the state of its Stripe subscription (null when it has none), the limits every key of the account gets from the plan, when it was created, and each live key with its limits in effect (plan and boosts) and its usage now.',
    summary: 'The account: email, plan, subscription, limits, and each live key’s usage',
  })
  @ApiOkResponse({ type: AccountDto })
  async getAccount(@SignedInSession() session: Session): Promise<AccountDto> {
    const account = await this.accounts.findById(session.accountId);
    if (!account) throw invalidSessionToken();
    const plan = this.plans.planOf(account.plan);
    return {
      id: account.id,
      email: account.email,
      plan: plan.id,
      subscription: account.subscription ?? null,
      stripeCustomer: account.hasStripeCustomer ?? false,
      limits: {
        requestsPerMinute: plan.requestsPerMinute,
        wsConnections: plan.wsConnections,
        apiKeys: plan.apiKeys,
      },
      createdAt: account.createdAt,
      keys: await this.keyViews.of(account.id, plan.id),
    };
  }
}
