/** What tests can make happen to the next matching events' webhooks. */
export type DeliveryAction = 'duplicate' | 'hold' | 'delay' | 'drop';

export interface DeliveryRule {
  readonly action: DeliveryAction;
  /** An event type (`invoice.paid`), or every type when absent. */
  readonly type?: string;
  /** How many matching events the rule applies to; absent: every one until the rules are cleared. */
  readonly count?: number;
  /** For `delay`: how long before the first attempt. */
  readonly ms?: number;
}

export interface DeliveryPlan {
  drop: boolean;
  hold: boolean;
  duplicate: boolean;
  delayMs: number;
}

interface ActiveRule {
  readonly rule: DeliveryRule;
  remaining: number;
}

/** Rules applied in the order they were added; each matching event uses up one of a rule's count. */
export class DeliveryRules {
  private rules: ActiveRule[] = [];

  add(rule: DeliveryRule): void {
    this.rules.push({ rule, remaining: rule.count ?? Number.POSITIVE_INFINITY });
  }

  /** The plan of one event (all its endpoints share it), consuming the rules that match. */
  planFor(eventType: string): DeliveryPlan {
    const plan: DeliveryPlan = { drop: false, hold: false, duplicate: false, delayMs: 0 };
    for (const active of this.rules) {
      const { rule } = active;
      if (active.remaining <= 0 || (rule.type !== undefined && rule.type !== eventType)) continue;
      active.remaining -= 1;
      if (rule.action === 'drop') plan.drop = true;
      else if (rule.action === 'hold') plan.hold = true;
      else if (rule.action === 'duplicate') plan.duplicate = true;
      else plan.delayMs = Math.max(plan.delayMs, rule.ms ?? 0);
    }
    this.rules = this.rules.filter((active) => active.remaining > 0);
    return plan;
  }

  get pending(): DeliveryRule[] {
    return this.rules.map(({ rule, remaining }) => ({
      ...rule,
      ...(Number.isFinite(remaining) ? { count: remaining } : {}),
    }));
  }

  clear(): void {
    this.rules = [];
  }
}
