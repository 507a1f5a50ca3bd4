import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { stripeClass } from './lazy-packages';
import { eventually } from './poll';

/** One webhook as received: the event verified with the official package, or why it was refused. */
export interface ReceivedWebhook {
  readonly event?: Stripe.Event;
  readonly error?: string;
  readonly signature: string;
  /** The status the receiver answered. */
  readonly status: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The verified events, in arrival order. */
  events(): Stripe.Event[];
  /** The first verified event that matches (polled: deliveries arrive on their own schedule). */
  waitForEvent(match: (event: Stripe.Event) => boolean, what: string): Promise<Stripe.Event>;
  /** Answers the next `count` webhooks (of `type`, if given) with `status` instead of 200, asking for a retry. */
  failNext(count: number, status?: number, type?: string): void;
  close(): Promise<void>;
}

async function rawBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Deliveries still to answer with `status` (of `type` only, when given) instead of 200. */
interface FailurePlan {
  count: number;
  readonly status: number;
  readonly type?: string;
}

interface Delivery {
  readonly stripe: Stripe;
  readonly secret: string;
  readonly body: string;
  readonly signature: string;
}

/** Verifies one delivery with the official package and picks its answer: 400, a planned failure, or 200. */
function receive({ stripe, secret, body, signature }: Delivery, failures: FailurePlan): ReceivedWebhook {
  try {
    const event = stripe.webhooks.constructEvent(body, signature, secret);
    const failing = failures.count > 0 && (failures.type === undefined || failures.type === event.type);
    if (failing) failures.count -= 1;
    return { event, signature, status: failing ? failures.status : 200 };
  } catch (error) {
    return { error: String(error), signature, status: 400 };
  }
}

/**
 * An HTTP server that takes Stripe webhooks the way a service does: the raw body checked with
 * `stripe.webhooks.constructEvent` and the endpoint's secret; a bad signature gets 400.
 */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const StripeClient = await stripeClass();
  const stripe = new StripeClient('sk_test_unused_for_verification');
  const received: ReceivedWebhook[] = [];
  let failures: FailurePlan = { count: 0, status: 500 };
  const server = createServer((request, response) => {
    void rawBody(request).then((body) => {
      const signature = String(request.headers['stripe-signature'] ?? '');
      const entry = receive({ stripe, secret, body, signature }, failures);
      received.push(entry);
      response.writeHead(entry.status, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const events = (): Stripe.Event[] =>
    received
      .filter((entry) => entry.status === 200 && entry.event)
      .map((entry) => entry.event as Stripe.Event);
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    events,
    waitForEvent: (match, what) => eventually(() => Promise.resolve(events().find(match)), what),
    failNext: (count, status = 500, type) => {
      failures = { count, status, ...(type ? { type } : {}) };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
