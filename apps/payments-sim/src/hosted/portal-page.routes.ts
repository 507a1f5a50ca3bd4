import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentPeriodEnd } from '../billing/subscription-lifecycle';
import type { PortalSession, Subscription } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { buttonForm, escapeHtml, priceLabel, sendPage } from './html';

type PortalAction = 'cancel-at-period-end' | 'renew' | 'cancel-now';

function dateOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function subscriptionBlock(context: SimContext, portal: PortalSession, subscription: Subscription): string {
  const item = subscription.items.data[0];
  const name = context.ledger.products.get(item?.price.product ?? '')?.name ?? subscription.id;
  const action = (what: PortalAction): string =>
    `/p/session/${portal.id}/subscriptions/${subscription.id}/${what}`;
  const end = dateOf(currentPeriodEnd(subscription));
  const state = subscription.cancel_at_period_end ? `Cancels on ${end}` : `Renews on ${end}`;
  const buttons = subscription.cancel_at_period_end
    ? buttonForm(action('renew'), 'Renew plan')
    : buttonForm(action('cancel-at-period-end'), 'Cancel at period end');
  return [
    `<h2>${escapeHtml(name)}</h2>`,
    `<p>${item ? escapeHtml(priceLabel(item.price, item.quantity)) : ''} · <span class="status">${escapeHtml(subscription.status)}</span></p>`,
    `<p class="note">${state}</p>`,
    buttons,
    buttonForm(action('cancel-now'), 'Cancel now', true),
  ].join('');
}

function portalBody(context: SimContext, portal: PortalSession): string {
  const subscriptions = [...context.ledger.subscriptions.values()].filter(
    (subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled',
  );
  const blocks = subscriptions.map((subscription) => subscriptionBlock(context, portal, subscription));
  const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : '';
  return `<h1>Your subscription</h1>${blocks.join('') || '<p>No active subscription.</p>'}${back}`;
}

/** The customer portal at a portal session's `url`: the customer's subscriptions and how to cancel them. */
export function portalPageRoutes(app: FastifyInstance, context: SimContext): void {
  const { ledger, lifecycle } = context;
  const notFound = (reply: FastifyReply): void => {
    sendPage(reply.code(404), 'Not found', '<h1>This link is not valid</h1>');
  };

  app.get('/p/session/:id', (request, reply): void => {
    const portal = ledger.portalSessions.get((request.params as { id: string }).id);
    if (portal) sendPage(reply, 'Billing', portalBody(context, portal));
    else notFound(reply);
  });

  app.post('/p/session/:id/subscriptions/:subscription/:action', (request, reply): void => {
    const params = request.params as { id: string; subscription: string; action: string };
    const portal = ledger.portalSessions.get(params.id);
    const subscription = ledger.subscriptions.get(params.subscription);
    // A portal session acts only on its own customer's subscriptions.
    if (!portal || subscription?.customer !== portal.customer) {
      notFound(reply);
      return;
    }
    if (params.action === 'cancel-at-period-end') lifecycle.setCancelAtPeriodEnd(subscription, true);
    else if (params.action === 'renew') lifecycle.setCancelAtPeriodEnd(subscription, false);
    else if (params.action === 'cancel-now') lifecycle.cancelNow(subscription);
    else {
      notFound(reply);
      return;
    }
    void reply.code(303).header('location', `/p/session/${portal.id}`).send();
  });
}
