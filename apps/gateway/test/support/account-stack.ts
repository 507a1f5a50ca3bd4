import {
  freePort,
  linkParameter,
  type MailSink,
  mailTo,
  PAYMENTS_SIM_SECRET_KEY,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  type PaymentsSim,
  type RunningApp,
  startMailSink,
  startPaymentsSim,
} from '@pds/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { accountsEnv, mailedToken } from './accounts-api';
import { ADMIN_TOKEN } from './admin-api';
import { ensureChromium, launchChromium } from './browser';
import { gatewayHarness, type GatewayHarness, UNHURRIED_BOUNDS } from './gateway-harness';
import { type Sim, startIngestor, startSim } from './live-market';

/** What the account page runs against, and the browser profile of the person using it. */
export interface AccountStack {
  readonly harness: GatewayHarness;
  readonly sink: MailSink;
  readonly sim: Sim;
  readonly payments: PaymentsSim;
  readonly context: BrowserContext;
  /** The browser, for a profile of another kind (a phone's). */
  readonly browser: Browser;
  stop(): Promise<void>;
}

interface Parts {
  harness?: GatewayHarness;
  sink?: MailSink;
  sim?: Sim;
  ingestor?: RunningApp;
  payments?: PaymentsSim;
  browser?: Browser;
}

async function stopParts(parts: Parts): Promise<void> {
  await parts.browser?.close();
  await Promise.all([
    parts.ingestor?.stop(),
    parts.sim?.app.stop(),
    parts.payments?.app.stop(),
    parts.sink?.close(),
  ]);
  await parts.harness?.close();
}

async function startParts(parts: Parts, label: string, env: Record<string, string>): Promise<void> {
  parts.harness = await gatewayHarness(label);
  parts.sink = await startMailSink();
  // Mails and Checkout's return address name the gateway's own address, as a deployment's would.
  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;
  parts.payments = await startPaymentsSim(`${gatewayUrl}/api/v1/billing/webhooks/stripe`);
  const started = await Promise.allSettled([
    startSim().then((sim) => (parts.sim = sim)),
    launchChromium().then((browser) => (parts.browser = browser)),
    parts.harness.startGateway({
      ...accountsEnv(parts.sink),
      PORT: String(port),
      PUBLIC_BASE_URL: gatewayUrl,
      ADMIN_TOKEN,
      STRIPE_SECRET_KEY: PAYMENTS_SIM_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: PAYMENTS_SIM_WEBHOOK_SECRET,
      STRIPE_API_URL: parts.payments.baseUrl,
      // A walk reloads, downloads and waits on live reads far faster than a person: the per-account
      // limit (60 a minute) is tested by accounts-limits.test.ts, not stumbled on here.
      ACCOUNT_REQUESTS_PER_MINUTE: '1000',
      // The pages are judged by what they show; the deadlines' 503s are tested elsewhere.
      ...UNHURRIED_BOUNDS,
      ...env,
    }),
  ]);
  const failure = started.find((each) => each.status === 'rejected');
  if (failure) throw failure.reason;
  parts.ingestor = await startIngestor(parts.harness.prefix, parts.sim!, parts.harness.redisEnv);
}

/**
 * The gateway (with `env`), the exchange simulator and the ingestor (so a new key works on /demo),
 * the payments simulator (Stripe's API, hosted Checkout and webhooks), a mail sink and Chromium.
 * Whatever started is stopped again when a later part fails to.
 */
export async function startAccountStack(label: string, env: Record<string, string>): Promise<AccountStack> {
  ensureChromium();
  const parts: Parts = {};
  try {
    await startParts(parts, label, env);
    const context = await parts.browser!.newContext({ viewport: { width: 1100, height: 900 } });
    return {
      harness: parts.harness!,
      sink: parts.sink!,
      sim: parts.sim!,
      payments: parts.payments!,
      context,
      browser: parts.browser!,
      stop: () => stopParts(parts),
    };
  } catch (error) {
    await stopParts(parts);
    throw error;
  }
}

/** The link of the mail to `email` that carries a `parameter` token. */
export async function mailedLink(
  sink: MailSink,
  email: string,
  parameter: 'verify' | 'reset',
): Promise<string> {
  const token = await mailedToken(sink, email, parameter);
  const mail = sink.mails.find((each) => mailTo(email)(each) && linkParameter(each, parameter) === token);
  const link = mail?.links.find((each) => each.includes(token));
  if (!link) throw new Error(`no ${parameter} link in the mail to ${email}`);
  return link;
}
