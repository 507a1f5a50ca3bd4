import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CheckoutSession } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { buttonForm, escapeHtml, priceLabel, sendPage } from './html';

function notFound(reply: FastifyReply): void {
  sendPage(
    reply.code(404),
    'Not found',
    '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>',
  );
}

function inactive(reply: FastifyReply): void {
  sendPage(reply.code(410), 'Session expired', '<h1>This Checkout Session is no longer active</h1>');
}

/** Where the browser goes after Pay or Decline: the session's URL, or a page of the simulator's own. */
function redirectOrPage(reply: FastifyReply, url: string | null, title: string): void {
  if (url) void reply.code(303).header('location', url).header('cache-control', 'no-store').send();
  else sendPage(reply, title, `<h1>${escapeHtml(title)}</h1><p class="note">No return URL was given.</p>`);
}

function checkoutBody(context: SimContext, session: CheckoutSession): string {
  const rows = session._items.map((item) => {
    const price = context.ledger.prices.get(item.price);
    const name = context.ledger.products.get(price?.product ?? '')?.name ?? item.price;
    return `<tr><td>${escapeHtml(name)} × ${item.quantity}</td><td>${price ? escapeHtml(priceLabel(price, item.quantity)) : ''}</td></tr>`;
  });
  const what = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  const action = `/c/pay/${session.id}`;
  return [
    `<h1>${what}</h1>`,
    `<table>${rows.join('')}</table>`,
    '<p class="note">Test mode: no card is needed and nothing is charged.</p>',
    buttonForm(`${action}/pay`, 'Pay'),
    buttonForm(`${action}/decline`, 'Decline', true),
  ].join('');
}

const isOpen = (session: CheckoutSession): boolean => session.status === 'open';
/** Pay on a session already paid (a second click, a reload) leads to its success page again. */
const isPayable = (session: CheckoutSession): boolean => session.status !== 'expired';

/** Stripe Checkout's hosted page at the session's `url`: what is bought, Pay and Decline. */
export function checkoutPageRoutes(app: FastifyInstance, context: SimContext): void {
  /**
   * The session a route names, or undefined once 404 (unknown) or 410 (not usable) is answered. A
   * session past its `expires_at` is expired before the page or a button acts on it.
   */
  const sessionFor = (
    params: unknown,
    reply: FastifyReply,
    usable: (session: CheckoutSession) => boolean,
  ): CheckoutSession | undefined => {
    context.checkout.expireDue();
    const session = context.ledger.sessions.get((params as { id: string }).id);
    if (!session) notFound(reply);
    else if (!usable(session)) inactive(reply);
    else return session;
    return undefined;
  };

  app.get('/c/pay/:id', (request, reply): void => {
    const session = sessionFor(request.params, reply, isOpen);
    if (session)
      sendPage(reply, 'Checkout', checkoutBody(context, session), [session.success_url, session.cancel_url]);
  });

  app.post('/c/pay/:id/pay', (request, reply): void => {
    const session = sessionFor(request.params, reply, isPayable);
    if (!session) return;
    context.checkout.pay(session);
    redirectOrPage(reply, session.success_url, 'Payment complete');
  });

  app.post('/c/pay/:id/decline', (request, reply): void => {
    const session = sessionFor(request.params, reply, isOpen);
    if (session) redirectOrPage(reply, session.cancel_url, 'Payment declined');
  });
}
