import type { FastifyInstance } from 'fastify';
import { currentPeriodEnd } from '../billing/subscription-lifecycle';
import type { Subscription } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import type { DeliveryAction } from '../webhooks/delivery-rules';
import { ControlError, objectBody, readRule, readSeconds } from './control-body';
import { resetSim } from './reset';

const FAULTS: readonly DeliveryAction[] = ['duplicate', 'hold', 'delay', 'drop'];

/** Webhook controls: fault rules for the next events, held events released, what was delivered. */
function webhookControls(app: FastifyInstance, context: SimContext): void {
  const { dispatcher } = context;
  app.get('/webhooks/deliveries', () => ({ deliveries: dispatcher.all }));
  app.get('/webhooks/rules', () => ({ rules: dispatcher.rules.pending }));
  app.delete('/webhooks/rules', () => {
    dispatcher.rules.clear();
    return { rules: [] };
  });
  for (const action of FAULTS) {
    app.post(`/webhooks/${action}`, (request) => {
      dispatcher.rules.add(readRule(action, request.body));
      return { rules: dispatcher.rules.pending };
    });
  }
  app.post('/events/:id/resend', (request) => {
    const event = context.ledger.events.get((request.params as { id: string }).id);
    if (!event) throw new ControlError('no such event');
    return { resent: dispatcher.resend(event) };
  });
  app.post('/webhooks/release', async (request) => {
    const order = objectBody(request.body).order ?? 'reverse';
    if (order !== 'reverse' && order !== 'received')
      throw new ControlError('order must be reverse or received');
    return { released: await dispatcher.release(order) };
  });
}

/** Billing controls: a failing renewal, a cancellation from outside, the clock moved to a period end. */
function billingControls(app: FastifyInstance, context: SimContext): void {
  const { ledger, lifecycle } = context;
  const subscriptionOf = (params: unknown): Subscription => {
    const subscription = ledger.subscriptions.get((params as { id: string }).id);
    if (!subscription) throw new ControlError('no such subscription');
    return subscription;
  };
  const advanceTo = (seconds: number): void => {
    lifecycle.advanceTo(seconds);
    context.checkout.expireDue();
  };
  const state = (subscription: Subscription) => ({
    id: subscription.id,
    status: subscription.status,
    now: ledger.clock.nowSeconds(),
  });
  app.post('/subscriptions/:id/fail-next-renewal', (request) => {
    const subscription = subscriptionOf(request.params);
    lifecycle.failNextRenewal(subscription);
    return state(subscription);
  });
  // The customer's card works again: the next retry of a declined invoice is paid.
  app.post('/subscriptions/:id/fix-card', (request) => {
    const subscription = subscriptionOf(request.params);
    lifecycle.fixCardOf(subscription.customer);
    return state(subscription);
  });
  app.post('/subscriptions/:id/cancel', (request) => {
    const subscription = subscriptionOf(request.params);
    lifecycle.cancelNow(subscription);
    return state(subscription);
  });
  app.post('/subscriptions/:id/advance-to-period-end', (request) => {
    const subscription = subscriptionOf(request.params);
    advanceTo(currentPeriodEnd(subscription));
    return state(subscription);
  });
  app.get('/clock', () => ({ now: ledger.clock.nowSeconds() }));
  app.post('/clock/advance', (request) => {
    advanceTo(ledger.clock.nowSeconds() + readSeconds(request.body));
    return { now: ledger.clock.nowSeconds() };
  });
}

/** Test and demo controls under `/sim` (JSON in and out). */
export function controlRoutes(app: FastifyInstance, context: SimContext): void {
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof ControlError ? 400 : 500;
    void reply.code(status).send({ error: error instanceof Error ? error.message : String(error) });
  });
  app.post('/reset', () => {
    resetSim(context);
    return { reset: true };
  });
  app.get('/stats', () => ({
    requests: context.counters.snapshot(),
    events: context.ledger.events.size,
    deliveries: context.dispatcher.all.length,
    webhookRequests: context.dispatcher.attemptsByEndpoint(),
  }));
  webhookControls(app, context);
  billingControls(app, context);
}
