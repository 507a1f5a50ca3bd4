// The account's invoices from Stripe (GET /api/v1/billing/invoices), newest first as the service
// answers them, each with Stripe's hosted invoice page.
import { account } from './api.js';
import { $, day, el, sayError, unsay } from './dom.js';
import { inWords } from './words.js';

function invoiceRow(invoice) {
  const link = invoice.url
    ? el('a', { href: invoice.url, target: '_blank', rel: 'noopener noreferrer' }, 'View invoice')
    : '';
  return el(
    'tr',
    { 'data-invoice-id': invoice.id, 'data-status': invoice.status },
    el('td', { 'data-label': 'Date' }, day(invoice.createdAt)),
    el('td', { 'data-label': 'Number' }, invoice.number ?? '—'),
    el('td', { 'data-label': 'Amount' }, `${invoice.amount} ${String(invoice.currency).toUpperCase()}`),
    el('td', { 'data-label': 'Status' }, invoice.status),
    el('td', { 'data-label': '' }, link),
  );
}

/** Shown once the account has a Stripe customer (before that there is nothing to list); answers them. */
export async function renderInvoices(me) {
  $('invoices-area').hidden = !me.stripeCustomer;
  if (!me.stripeCustomer) return [];
  try {
    const { invoices } = await account('GET', '/api/v1/billing/invoices');
    unsay('invoices');
    $('invoices').replaceChildren(...invoices.map(invoiceRow));
    if (invoices.length === 0) {
      $('invoices').append(el('tr', {}, el('td', { colspan: '5' }, 'No invoices yet.')));
    }
    return invoices;
  } catch (error) {
    $('invoices').replaceChildren();
    sayError('invoices', inWords(error, 'invoices'));
    return [];
  }
}
