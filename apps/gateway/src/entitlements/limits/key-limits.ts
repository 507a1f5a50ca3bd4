import { Injectable } from '@nestjs/common';
import { GatewayEnvironment } from '../../gateway.environment';
import { PlanCatalogue } from '../plans/plan-catalogue';
import {
  type DefaultLimits,
  type KeyAccount,
  type KeyPrincipal,
  type LimitedKey,
  principalOf,
} from './key-principal';

/**
 * The one place that decides a key's limits: an account's key gets its owner's current plan, an
 * admin-made key its own limits else the deployment's defaults; either plus its active boosts.
 */
@Injectable()
export class KeyLimits {
  readonly defaults: DefaultLimits;

  constructor(
    env: GatewayEnvironment,
    private readonly plans: PlanCatalogue,
  ) {
    this.defaults = {
      requestsPerMinute: env.RATE_LIMIT_PER_MINUTE,
      wsConnections: env.WS_CONNECTIONS_PER_KEY,
    };
  }

  principalOf<R extends LimitedKey>(account: KeyAccount<R>, now = Date.now()): KeyPrincipal<R> {
    if (account.ownerPlan === undefined) return principalOf(account, this.defaults, now);
    const { requestsPerMinute, wsConnections } = this.plans.planOf(account.ownerPlan);
    // Limits a key record of an account may still carry from before plans changed are not its own.
    const record = { ...account.record, requestsPerMinute: undefined, wsConnections: undefined };
    return principalOf({ ...account, record }, { requestsPerMinute, wsConnections }, now);
  }
}
