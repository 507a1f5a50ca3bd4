import { randomBytes } from 'node:crypto';

/**
 * The secrets the gateway and the payments simulator share, new on every run: a fixed webhook
 * secret would let anything that reaches the gateway sign webhooks of its own.
 */
const SIM_SECRET_KEY = `sk_test_${randomBytes(24).toString('hex')}`;
// Hex: the simulator, like Stripe, takes letters and digits after whsec_ (base64url's '-' it refuses).
const SIM_WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('hex')}`;

/** The payments simulator's settings: its port and where it sends webhooks (the local gateway). */
export function paymentsSimEnv(simPort: number, gatewayPort: number): Record<string, string> {
  return {
    PORT: String(simPort),
    PAYSIM_SECRET_KEY: SIM_SECRET_KEY,
    PAYSIM_WEBHOOK_SECRET: SIM_WEBHOOK_SECRET,
    PAYSIM_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/v1/billing/webhooks/stripe`,
  };
}

/** What the gateway and the cache worker need to bill through the simulator instead of Stripe. */
export function localStripeEnv(simPort: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: SIM_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: SIM_WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${simPort}`,
  };
}

/** How to subscribe on this machine, for the welcome text. */
export function billingHowTo(url: string, simPort: number): string[] {
  return [
    `  Payments: http://127.0.0.1:${simPort} (an offline Stripe: Checkout and portal pages, webhooks)`,
    `  Subscribe: sign up and verify (mail above), log in, then`,
    `    curl -X POST -H "authorization: Bearer <accessToken>" -H 'content-type: application/json' \\`,
    `      -d '{"plan":"pro"}' ${url}/api/v1/billing/checkout`,
    `    and open the url it answers; Pay there, and GET ${url}/api/v1/account shows the plan.`,
  ];
}
