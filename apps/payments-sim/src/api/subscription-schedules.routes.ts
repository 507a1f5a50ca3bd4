import type { FastifyInstance } from 'fastify';
import type { PhaseRequest } from '../billing/schedules';
import type { SubscriptionSchedule } from '../ledger/schedule-objects';
import type { SimContext } from '../sim-context';
import { listPage } from '../wire/list-page';
import type { Params } from '../wire/params';
import { invalidParam, missingParam, noSuch, StripeError } from '../wire/stripe-error';
import { answer, paramsOf, pathId } from './api-request';

const PRORATION = ['always_invoice', 'create_prorations', 'none'] as const;

function refuse(message: string, param?: string): StripeError {
  return new StripeError(400, 'invalid_request_error', message, undefined, param);
}

/** `phases[i][items][j][price|quantity]`, `phases[i][start_date|end_date]` of `subscriptionSchedules.update`. */
function readPhases(context: SimContext, params: Params): PhaseRequest[] {
  return params.objectList('phases').map((phase, index) => {
    phase.allowOnly(['items', 'start_date', 'end_date', 'proration_behavior', 'metadata']);
    const items = phase.objectList('items').map((item, position) => {
      item.allowOnly(['price', 'quantity', 'metadata']);
      const id = item.string('price');
      const price = context.ledger.prices.get(id);
      if (!price) throw noSuch('price', id, `phases[${index}][items][${position}][price]`);
      return { price, quantity: item.optionalInteger('quantity', 1, 10_000) ?? 1 };
    });
    if (items.length === 0) throw missingParam(`phases[${index}][items]`);
    const startDate = phase.optionalInteger('start_date', 0, Number.MAX_SAFE_INTEGER);
    const endDate = phase.optionalInteger('end_date', 0, Number.MAX_SAFE_INTEGER);
    const prorationBehavior = phase.optionalEnum('proration_behavior', PRORATION);
    return {
      items,
      ...(startDate !== undefined ? { startDate } : {}),
      ...(endDate !== undefined ? { endDate } : {}),
      ...(prorationBehavior !== undefined ? { prorationBehavior } : {}),
    };
  });
}

/** Stripe refuses to move the start of a phase that has begun. */
function checkPhases(schedule: SubscriptionSchedule, phases: readonly PhaseRequest[]): void {
  const current = schedule.phases[0];
  const first = phases[0];
  if (current && first?.startDate !== undefined && first.startDate !== current.start_date)
    throw refuse('You can not modify the start date of the current phase.', 'phases[0][start_date]');
  let start = first?.startDate ?? current?.start_date ?? 0;
  phases.forEach((phase, index) => {
    if (phase.endDate !== undefined && phase.endDate <= start)
      throw invalidParam(`phases[${index}][end_date]`, 'The end date must come after the start date.');
    start = phase.endDate ?? start + 1;
  });
}

function scheduleOf(context: SimContext, id: string): SubscriptionSchedule {
  const schedule = context.ledger.schedules.get(id);
  if (!schedule) throw noSuch('subscription_schedule', id);
  return schedule;
}

/** `subscriptionSchedules.create` (`from_subscription`), `retrieve`, `list`. */
function createAndReadRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger, schedules } = context;
  api.post('/subscription_schedules', (request) => {
    const params = paramsOf(request).allowOnly(['from_subscription', 'metadata', 'expand']);
    const id = params.string('from_subscription');
    const subscription = ledger.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id, 'from_subscription');
    if (subscription.schedule)
      throw refuse(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        'from_subscription',
      );
    if (subscription.status === 'canceled')
      throw refuse('You cannot migrate a canceled subscription.', 'from_subscription');
    const schedule = schedules.fromSubscription(subscription);
    schedule.metadata = params.metadata();
    return answer(context, params, schedule);
  });
  api.get('/subscription_schedules/:id', (request) => {
    const params = paramsOf(request).allowOnly(['expand']);
    return answer(context, params, scheduleOf(context, pathId(request)));
  });
  api.get('/subscription_schedules', (request) => {
    const params = paramsOf(request).allowOnly(['customer', 'limit', 'starting_after', 'expand']);
    const customer = params.optionalString('customer');
    const matching = [...ledger.schedules.values()].filter(
      (schedule) => customer === undefined || schedule.customer === customer,
    );
    return answer(context, params, listPage(matching, params, '/v1/subscription_schedules'));
  });
}

/** `subscriptionSchedules.update` (phases, `end_behavior`, metadata) and `release`. */
function updateRoutes(api: FastifyInstance, context: SimContext): void {
  const { ledger, schedules } = context;
  api.post('/subscription_schedules/:id', (request) => {
    const params = paramsOf(request).allowOnly([
      'phases',
      'end_behavior',
      'metadata',
      'proration_behavior',
      'expand',
    ]);
    const schedule = scheduleOf(context, pathId(request));
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      throw refuse(
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    params.optionalEnum('proration_behavior', PRORATION);
    const endBehavior = params.optionalEnum('end_behavior', ['release', 'cancel'] as const);
    if (endBehavior) schedule.end_behavior = endBehavior;
    if (params.has('metadata')) schedule.metadata = { ...schedule.metadata, ...params.metadata() };
    if (params.has('phases')) {
      const phases = readPhases(context, params);
      checkPhases(schedule, phases);
      const subscription = ledger.subscriptions.get(schedule.subscription ?? '');
      schedules.setPhases(schedule, phases, subscription?.currency ?? 'usd');
    }
    return answer(context, params, schedule);
  });
  api.post('/subscription_schedules/:id/release', (request) => {
    const params = paramsOf(request).allowOnly(['preserve_cancel_date', 'expand']);
    const schedule = scheduleOf(context, pathId(request));
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      throw refuse(
        `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    schedules.release(schedule);
    return answer(context, params, schedule);
  });
}

export function subscriptionScheduleRoutes(api: FastifyInstance, context: SimContext): void {
  createAndReadRoutes(api, context);
  updateRoutes(api, context);
}
