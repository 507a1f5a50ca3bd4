import type { Metadata } from './objects';

/** One phase of a subscription schedule: the items the subscription has from `start_date` to `end_date`. */
export interface SchedulePhase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number; metadata: Metadata }[];
  currency: string;
  metadata: Metadata;
  proration_behavior: 'always_invoice' | 'create_prorations' | 'none';
}

/**
 * A subscription schedule (API version 2026-10-28), as `subscriptionSchedules.create` with
 * `from_subscription` makes it: the fields the simulator fills in, each as Stripe names it.
 */
export interface SubscriptionSchedule {
  id: string;
  object: 'subscription_schedule';
  created: number;
  livemode: false;
  canceled_at: number | null;
  completed_at: number | null;
  current_phase: { start_date: number; end_date: number } | null;
  customer: string;
  end_behavior: 'release' | 'cancel';
  metadata: Metadata;
  phases: SchedulePhase[];
  released_at: number | null;
  released_subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  subscription: string | null;
}
