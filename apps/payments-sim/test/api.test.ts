import { type PaymentsSim, startPaymentsSim } from '@pds/testing';
import Stripe from 'stripe';

/** The error the official client raised, for assertions on Stripe's error fields. */
async function stripeErrorOf(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('payments-sim API through the official stripe package', () => {
  let sim: PaymentsSim;

  beforeAll(async () => {
    sim = await startPaymentsSim();
  });

  afterAll(async () => {
    await sim.app.stop();
  });

  it('should refuse a wrong key with 401 in Stripe error shape', async () => {
    const wrong = new Stripe('sk_test_wrongwrongwrong', {
      host: '127.0.0.1',
      port: sim.app.port,
      protocol: 'http',
    });
    const error = await stripeErrorOf(wrong.customers.create({ email: 'a@example.com' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.type).toBe('StripeAuthenticationError');
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*{4}rong$/);
  });

  it('should create and retrieve a customer with Stripe ids, fields and metadata', async () => {
    const created = await sim.stripe.customers.create({
      email: 'buyer@example.com',
      metadata: { account_id: 'acc_1' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'buyer@example.com',
      metadata: { account_id: 'acc_1' },
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(created.lastResponse.requestId).toMatch(/^req_/);
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(600);
    const read = await sim.stripe.customers.retrieve(created.id);
    expect(read).toMatchObject({ id: created.id, email: 'buyer@example.com' });
  });

  it('should answer an unknown id with 404 resource_missing naming the parameter', async () => {
    const error = await stripeErrorOf(sim.stripe.customers.retrieve('cus_doesnotexist'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_doesnotexist'",
    });
    const price = await stripeErrorOf(
      sim.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_nope', quantity: 1 }],
      }),
    );
    expect(price).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('should refuse unknown parameters and a recurring price in payment mode, as Stripe does', async () => {
    const unknown = await stripeErrorOf(
      sim.stripe.customers.create({ nickname: 'x' } as Stripe.CustomerCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'nickname' });
    const mixed = await stripeErrorOf(
      sim.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      }),
    );
    expect(mixed).toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
    expect(mixed.message).toContain('recurring price');
  });

  it('should list and retrieve the configured prices, paging with limit and starting_after', async () => {
    const pro = await sim.stripe.prices.retrieve('price_pro_monthly');
    expect(pro).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: 900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const first = await sim.stripe.prices.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/prices' });
    expect(first.data).toHaveLength(2);
    const rest = await sim.stripe.prices.list({ limit: 10, starting_after: first.data[1]!.id });
    expect(rest.has_more).toBe(false);
    const ids = [...first.data, ...rest.data].map((price) => price.id);
    expect(new Set(ids).size).toBe(5);
    const oneTime = await sim.stripe.prices.list({ type: 'one_time' });
    expect(oneTime.data.map((price) => price.type)).toEqual(['one_time', 'one_time']);
    const all: string[] = [];
    for await (const price of sim.stripe.prices.list({ limit: 1 })) all.push(price.id);
    expect(all.sort()).toEqual([...ids].sort());
  });

  it('should replay the answer for the same idempotency key and refuse the key with other parameters', async () => {
    const first = await sim.stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'key-once' },
    );
    const again = await sim.stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'key-once' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const listed = await sim.stripe.customers.list({ email: 'once@example.com' });
    expect(listed.data).toHaveLength(1);
    const error = await stripeErrorOf(
      sim.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-once' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.message).toContain('same parameters');
  });

  it('should count requests per operation', async () => {
    const stats = await sim.control<{ requests: Record<string, number> }>('GET', '/stats');
    expect(stats.requests['POST /v1/customers']).toBeGreaterThanOrEqual(4);
    expect(stats.requests['GET /v1/prices/:id']).toBe(1);
  });
});
