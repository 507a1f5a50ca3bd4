import type { EventLog } from '../ledger/event-log';
import type { Ledger } from '../ledger/ledger';
import type { Price, Subscription } from '../ledger/objects';
import type { SchedulePhase, SubscriptionSchedule } from '../ledger/schedule-objects';
import { newId } from '../wire/ids';
import { periodEnd } from './period';
import { currentPeriodEnd } from './subscription-periods';

/** A phase as asked for: its items, and when it ends (a date, or one price interval by default). */
export interface PhaseRequest {
  readonly items: readonly { readonly price: Price; readonly quantity: number }[];
  readonly startDate?: number;
  readonly endDate?: number;
  readonly prorationBehavior?: SchedulePhase['proration_behavior'];
}

/**
 * Subscription schedules attached to an existing subscription (`from_subscription`): the current
 * phase mirrors the subscription, later phases change it when their start comes (a downgrade at the
 * period end), and after the last phase the schedule is released (or cancels the subscription).
 */
export class SubscriptionSchedules {
  constructor(
    private readonly ledger: Ledger,
    private readonly events: EventLog,
  ) {}

  /** `subscriptionSchedules.create({from_subscription})`: one phase, the current period as it is. */
  fromSubscription(subscription: Subscription): SubscriptionSchedule {
    const now = this.ledger.clock.nowSeconds();
    const item = subscription.items.data[0];
    const schedule: SubscriptionSchedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      created: now,
      livemode: false,
      canceled_at: null,
      completed_at: null,
      current_phase: null,
      customer: subscription.customer,
      end_behavior: 'release',
      metadata: {},
      phases: [
        this.phase(subscription.currency, {
          items: item ? [{ price: item.price, quantity: item.quantity }] : [],
          startDate: item?.current_period_start ?? now,
          endDate: currentPeriodEnd(subscription),
        }),
      ],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subscription.id,
    };
    schedule.current_phase = this.phaseSpan(schedule.phases[0]);
    this.ledger.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    this.events.publish('subscription_schedule.created', schedule);
    this.events.publish('customer.subscription.updated', subscription, { schedule: null });
    return schedule;
  }

  /** Replaces the phases; each starts where the previous one ends. */
  setPhases(schedule: SubscriptionSchedule, phases: readonly PhaseRequest[], currency: string): void {
    let start = schedule.phases[0]?.start_date ?? this.ledger.clock.nowSeconds();
    schedule.phases = phases.map((request) => {
      const phase = this.phase(currency, { ...request, startDate: request.startDate ?? start });
      start = phase.end_date;
      return phase;
    });
    schedule.current_phase = this.phaseSpan(this.phaseAt(schedule, this.ledger.clock.nowSeconds()));
    this.events.publish('subscription_schedule.updated', schedule);
  }

  /** `release`: the subscription goes on as it is, without the schedule. */
  release(schedule: SubscriptionSchedule): void {
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return;
    const subscription = this.ledger.subscriptions.get(schedule.subscription ?? '');
    schedule.status = 'released';
    schedule.released_at = this.ledger.clock.nowSeconds();
    schedule.released_subscription = schedule.subscription;
    schedule.subscription = null;
    schedule.current_phase = null;
    this.events.publish('subscription_schedule.released', schedule);
    if (subscription) {
      subscription.schedule = null;
      this.events.publish('customer.subscription.updated', subscription, { schedule: schedule.id });
    }
  }

  /**
   * What the schedule makes of the subscription at the period boundary `at`: the phase starting
   * there sets its items; past the last phase the schedule ends by its `end_behavior`. Answers
   * 'cancel' when the subscription must end at `at`.
   */
  applyAt(subscription: Subscription, at: number): 'cancel' | 'continue' {
    const schedule = this.ledger.schedules.get(subscription.schedule ?? '');
    if (!schedule || schedule.status !== 'active') return 'continue';
    const phase = this.phaseAt(schedule, at);
    if (!phase) {
      if (schedule.end_behavior === 'cancel') return 'cancel';
      this.release(schedule);
      return 'continue';
    }
    schedule.current_phase = this.phaseSpan(phase);
    const item = subscription.items.data[0];
    const next = this.ledger.prices.get(phase.items[0]?.price ?? '');
    if (item && next) {
      item.price = next;
      item.quantity = phase.items[0]?.quantity ?? item.quantity;
    }
    return 'continue';
  }

  private phaseAt(schedule: SubscriptionSchedule, at: number): SchedulePhase | undefined {
    return schedule.phases.find((phase) => phase.start_date <= at && at < phase.end_date);
  }

  private phaseSpan(phase: SchedulePhase | undefined): SubscriptionSchedule['current_phase'] {
    return phase ? { start_date: phase.start_date, end_date: phase.end_date } : null;
  }

  private phase(currency: string, request: PhaseRequest & { startDate: number }): SchedulePhase {
    const interval = request.items[0]?.price.recurring?.interval ?? 'month';
    return {
      start_date: request.startDate,
      end_date: request.endDate ?? periodEnd(request.startDate, interval),
      items: request.items.map((item) => ({ price: item.price.id, quantity: item.quantity, metadata: {} })),
      currency,
      metadata: {},
      proration_behavior: request.prorationBehavior ?? 'create_prorations',
    };
  }
}
