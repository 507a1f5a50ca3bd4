import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentPeriodEnd } from '../billing/subscription-lifecycle';
import type { PortalSession, Subscription } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { buttonForm, escapeHtml, priceLabel, sendPage } from './html';
import { changePlanInPortal, planChoices, scheduledPrice } from './portal-plan-change';

type PortalAction = 'cancel-at-period-end' | 'renew' | 'cancel-now';

function dateOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function productName(context: SimContext, productId: string | undefined, fallback: string): string {
  return context.ledger.products.get(productId ?? '')?.name ?? fallback;
}

function stateLine(context: SimContext, subscription: Subscription): string {
  const end = dateOf(currentPeriodEnd(subscription));
  const next = scheduledPrice(context, subscription);
  if (subscription.cancel_at_period_end) return `Cancels on ${end}`;
  if (next) return `Changes to ${escapeHtml(productName(context, next.product, next.id))} on ${end}`;
  return `Renews on ${end}`;
}

function subscriptionBlock(context: SimContext, portal: PortalSession, subscription: Subscription): string {
  const item = subscription.items.data[0];
  const base = `/p/session/${portal.id}/subscriptions/${subscription.id}`;
  const action = (what: PortalAction): string => `${base}/${what}`;
  const buttons =
    subscription.cancel_at_period_end || subscription.schedule
      ? buttonForm(action('renew'), 'Renew plan')
      : buttonForm(action('cancel-at-period-end'), 'Cancel at period end');
  const changes = planChoices(context, subscription).map((price) =>
    buttonForm(
      `${base}/change/${price.id}`,
      `Change to ${productName(context, price.product, price.id)}`,
      true,
    ),
  );
  return [
    `<h2>${escapeHtml(productName(context, item?.price.product, subscription.id))}</h2>`,
    `<p>${item ? escapeHtml(priceLabel(item.price, item.quantity)) : ''} · <span class="status">${escapeHtml(subscription.status)}</span></p>`,
    `<p class="note">${stateLine(context, subscription)}</p>`,
    ...changes,
    buttons,
    buttonForm(action('cancel-now'), 'Cancel now', true),
  ].join('');
}

function invoicesBlock(context: SimContext, customer: string): string {
  const rows = [...context.ledger.invoices.values()]
    .filter((invoice) => invoice.customer === customer)
    .reverse()
    .map(
      (invoice) =>
        `<tr><td><a href="${escapeHtml(invoice.hosted_invoice_url)}">${escapeHtml(invoice.number)}</a></td><td>${dateOf(invoice.created)}</td><td>${escapeHtml(invoice.status)}</td></tr>`,
    );
  return rows.length > 0 ? `<h2>Invoices</h2><table>${rows.join('')}</table>` : '';
}

function portalBody(context: SimContext, portal: PortalSession): string {
  const subscriptions = [...context.ledger.subscriptions.values()].filter(
    (subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled',
  );
  const blocks = subscriptions.map((subscription) => subscriptionBlock(context, portal, subscription));
  const card = [
    '<h2>Payment method</h2>',
    context.charges.cardDeclines(portal.customer)
      ? '<p class="status">Your card was declined.</p>'
      : '<p class="note">Test card ending in 4242.</p>',
    buttonForm(`/p/session/${portal.id}/payment-method`, 'Update payment method', true),
  ].join('');
  const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : '';
  return `<h1>Your subscription</h1>${blocks.join('') || '<p>No active subscription.</p>'}${card}${invoicesBlock(context, portal.customer)}${back}`;
}

/**
 * The customer portal at a portal session's `url`: the customer's subscriptions (change plan, cancel
 * at period end or now), the payment method, and the invoices.
 */
export function portalPageRoutes(app: FastifyInstance, context: SimContext): void {
  const { ledger, lifecycle } = context;
  const notFound = (reply: FastifyReply): void => {
    sendPage(reply.code(404), 'Not found', '<h1>This link is not valid</h1>');
  };
  const backToPortal = (reply: FastifyReply, portal: PortalSession): void => {
    void reply.code(303).header('location', `/p/session/${portal.id}`).send();
  };
  const portalOf = (id: string): PortalSession | undefined => ledger.portalSessions.get(id);

  app.get('/p/session/:id', (request, reply): void => {
    const portal = portalOf((request.params as { id: string }).id);
    if (portal) sendPage(reply, 'Billing', portalBody(context, portal));
    else notFound(reply);
  });

  // A new card: the next retry of a declined invoice is paid.
  app.post('/p/session/:id/payment-method', (request, reply): void => {
    const portal = portalOf((request.params as { id: string }).id);
    if (portal) {
      context.lifecycle.fixCardOf(portal.customer);
      backToPortal(reply, portal);
    } else notFound(reply);
  });

  app.post('/p/session/:id/subscriptions/:subscription/*', (request, reply): void => {
    const params = request.params as { id: string; subscription: string; '*': string };
    const portal = portalOf(params.id);
    const subscription = ledger.subscriptions.get(params.subscription);
    // A portal session acts only on its own customer's subscriptions, and only on live ones.
    if (!portal || subscription?.customer !== portal.customer || subscription.status === 'canceled') {
      notFound(reply);
      return;
    }
    const [action, priceId] = params['*'].split('/');
    const price = ledger.prices.get(priceId ?? '');
    if (action === 'change' && price && planChoices(context, subscription).includes(price))
      changePlanInPortal(context, subscription, price);
    else if (action === 'cancel-at-period-end' || action === 'renew') {
      // A planned plan change gives way: the schedule is released before the cancellation changes.
      const schedule = ledger.schedules.get(subscription.schedule ?? '');
      if (schedule) context.schedules.release(schedule);
      lifecycle.setCancelAtPeriodEnd(subscription, action === 'cancel-at-period-end');
    } else if (action === 'cancel-now') lifecycle.cancelNow(subscription);
    else {
      notFound(reply);
      return;
    }
    backToPortal(reply, portal);
  });
}
