import type { FastifyInstance } from 'fastify';
import type { Invoice } from '../ledger/objects';
import type { SimContext } from '../sim-context';
import { escapeHtml, sendPage } from './html';

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

function dateOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function invoiceBody(invoice: Invoice): string {
  const rows = invoice.lines.data.map(
    (line) =>
      `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(line.amount, line.currency))}</td></tr>`,
  );
  const retry = invoice.next_payment_attempt
    ? `<p class="note">Next payment attempt on ${dateOf(invoice.next_payment_attempt)}.</p>`
    : '';
  return [
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1>`,
    `<p>${dateOf(invoice.created)} · <span class="status">${escapeHtml(invoice.status)}</span></p>`,
    `<table>${rows.join('')}<tr><td>Amount due</td><td>${escapeHtml(money(invoice.amount_due, invoice.currency))}</td></tr>`,
    `<tr><td>Amount paid</td><td>${escapeHtml(money(invoice.amount_paid, invoice.currency))}</td></tr></table>`,
    retry,
  ].join('');
}

/** Stripe's hosted invoice page at an invoice's `hosted_invoice_url`: its lines, amounts and status. */
export function invoicePageRoutes(app: FastifyInstance, context: SimContext): void {
  app.get('/i/:id', (request, reply): void => {
    const invoice = context.ledger.invoices.get((request.params as { id: string }).id);
    if (invoice) sendPage(reply, `Invoice ${invoice.number}`, invoiceBody(invoice));
    else sendPage(reply.code(404), 'Not found', '<h1>This link is not valid</h1>');
  });
}
