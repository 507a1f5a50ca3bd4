import { IdempotencyStore } from './idempotency';
import { StripeError } from './stripe-error';

describe('IdempotencyStore', () => {
  it('should run a new key, then replay its saved answer for the same request', () => {
    const store = new IdempotencyStore();
    expect(store.decide('k1', 'POST /v1/customers', 'email=a')).toEqual({ kind: 'run' });
    store.save('k1', { status: 200, body: '{"id":"cus_1"}' });
    expect(store.decide('k1', 'POST /v1/customers', 'email=a')).toEqual({
      kind: 'replay',
      answer: { status: 200, body: '{"id":"cus_1"}' },
    });
  });

  it('should answer an idempotency_error when the parameters differ', () => {
    const store = new IdempotencyStore();
    store.decide('k1', 'POST /v1/customers', 'email=a');
    store.save('k1', { status: 200, body: '{}' });
    expect(() => store.decide('k1', 'POST /v1/customers', 'email=b')).toThrow(
      expect.objectContaining({ type: 'idempotency_error', status: 400 }) as StripeError,
    );
  });

  it('should answer an idempotency_error when the endpoint differs', () => {
    const store = new IdempotencyStore();
    store.decide('k1', 'POST /v1/customers', '');
    store.save('k1', { status: 200, body: '{}' });
    expect(() => store.decide('k1', 'POST /v1/checkout/sessions', '')).toThrow(/same endpoint/);
  });

  it('should not keep a server error, so the retry runs again', () => {
    const store = new IdempotencyStore();
    store.decide('k1', 'POST /v1/customers', '');
    store.save('k1', { status: 500, body: '{}' });
    expect(store.decide('k1', 'POST /v1/customers', '')).toEqual({ kind: 'run' });
  });
});
