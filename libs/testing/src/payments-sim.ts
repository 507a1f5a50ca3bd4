import type Stripe from 'stripe';
import { stripeClass } from './lazy-packages';
import { type RunningApp, spawnApp } from './spawn-app';

/** Secrets of a simulator started by tests (test values, not credentials). */
export const PAYMENTS_SIM_SECRET_KEY = 'sk_test_simulator_for_tests';
export const PAYMENTS_SIM_WEBHOOK_SECRET = 'whsec_simulator_for_tests';

/** One webhook delivery as the simulator records it (GET /sim/webhooks/deliveries). */
export interface SimDelivery {
  readonly id: number;
  readonly eventId: string;
  readonly eventType: string;
  readonly endpointId: string;
  readonly duplicate: boolean;
  readonly state: 'pending' | 'held' | 'delivered' | 'dropped' | 'failed';
  readonly attempts: readonly { at: string; status?: number; error?: string }[];
}

export interface PaymentsSim {
  readonly app: RunningApp;
  readonly baseUrl: string;
  /** The official client, pointed at the simulator. */
  readonly stripe: Stripe;
  /** A control endpoint (`/sim/...`); rejects on an answer other than 2xx. */
  control<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T>;
  deliveries(): Promise<SimDelivery[]>;
  /** Submits the hosted page's Pay (or Decline) form as a browser would; resolves with the redirect. */
  submitCheckout(
    sessionUrl: string,
    button: 'pay' | 'decline',
  ): Promise<{ status: number; location: string | null }>;
}

/** The `action` of the form whose button reads `label` on a hosted page. */
export function formAction(html: string, label: string): string {
  for (const match of html.matchAll(
    /<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g,
  )) {
    if (match[2] === label && match[1]) return match[1].replaceAll('&amp;', '&');
  }
  throw new Error(`no form with a "${label}" button in the page`);
}

/** POSTs a hosted page's form (no body, as a button-only form sends) without following the redirect. */
export async function submitForm(
  pageUrl: string,
  label: string,
): Promise<{ status: number; location: string | null }> {
  const page = await fetch(pageUrl);
  if (!page.ok) throw new Error(`${page.status} for the hosted page`);
  const action = new URL(formAction(await page.text(), label), pageUrl);
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

/**
 * The payments simulator (built app) on a free port, sending webhooks to `webhookUrl` when given,
 * with fast retries. `env` overrides any setting.
 */
export async function startPaymentsSim(
  webhookUrl?: string,
  env: Record<string, string> = {},
): Promise<PaymentsSim> {
  const app = await spawnApp('payments-sim', {
    PAYSIM_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
    PAYSIM_WEBHOOK_SECRET: PAYMENTS_SIM_WEBHOOK_SECRET,
    PAYSIM_WEBHOOK_RETRY_BASE_MS: '50',
    PAYSIM_WEBHOOK_RETRY_MAX_MS: '400',
    PAYSIM_WEBHOOK_MAX_ATTEMPTS: '5',
    ...(webhookUrl ? { PAYSIM_WEBHOOK_URL: webhookUrl } : {}),
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${app.port}`;
  const StripeClient = await stripeClass();
  const stripe = new StripeClient(PAYMENTS_SIM_SECRET_KEY, {
    host: '127.0.0.1',
    port: app.port,
    protocol: 'http',
  });
  const control: PaymentsSim['control'] = async <T>(method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}/sim${path}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} /sim${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    app,
    baseUrl,
    stripe,
    control,
    deliveries: async () =>
      (await control<{ deliveries: SimDelivery[] }>('GET', '/webhooks/deliveries')).deliveries,
    submitCheckout: (sessionUrl, button) => submitForm(sessionUrl, button === 'pay' ? 'Pay' : 'Decline'),
  };
}
