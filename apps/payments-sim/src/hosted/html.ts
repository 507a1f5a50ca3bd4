import type { FastifyReply } from 'fastify';
import type { Price } from '../ledger/objects';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** `$9.00 / month`, `€10.00` (two-decimal currencies; the simulator's catalogue uses those). */
export function priceLabel(price: Price, quantity = 1): string {
  const amount = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  }).format((price.unit_amount * quantity) / 100);
  return price.recurring ? `${amount} / ${price.recurring.interval}` : amount;
}

export const STYLESHEET = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
h1{font-size:1.4rem}table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem 0;border-bottom:1px solid #e3e8ee}
form{display:inline-block;margin:.5rem .5rem 0 0}button{font-size:1rem;padding:.5rem 1.2rem;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#635bff}.note{color:#697386;font-size:.9rem}`;

/** A plain form: one button that POSTs to `action`. */
export function buttonForm(action: string, label: string, secondary = false): string {
  const style = secondary ? ' class="secondary"' : '';
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit"${style}>${escapeHtml(label)}</button></form>`;
}

function originOf(url: string | null | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

/**
 * Sends a page with a strict Content-Security-Policy: no script at all, styles from the simulator's
 * own stylesheet, forms only to the simulator and to the origins it redirects to after a form (Chrome
 * applies `form-action` to those redirects too).
 */
export function sendPage(
  reply: FastifyReply,
  title: string,
  body: string,
  redirectTargets: (string | null)[] = [],
): void {
  const origins = [...new Set(redirectTargets.map(originOf).filter((origin) => origin !== undefined))];
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self'${origins.map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/hosted/style.css"></head><body>${body}</body></html>`;
  void reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
