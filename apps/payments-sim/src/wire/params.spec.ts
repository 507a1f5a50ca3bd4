import { decodeForm } from './form-decoding';
import { listPage, rangeFilter } from './list-page';
import { Params } from './params';
import type { StripeError } from './stripe-error';

const params = (text: string): Params => new Params(decodeForm(text));

function errorOf(read: () => unknown): StripeError {
  try {
    read();
  } catch (error) {
    return error as StripeError;
  }
  throw new Error('no error');
}

describe('Params', () => {
  it('should name an unknown parameter with its brackets, as Stripe does', () => {
    expect(
      errorOf(() =>
        params('subscription_data[trial]=1').optionalObject('subscription_data')?.allowOnly(['metadata']),
      ).body,
    ).toEqual({
      error: expect.objectContaining({
        code: 'parameter_unknown',
        param: 'subscription_data[trial]',
      }) as object,
    });
  });

  it('should read metadata, leaving out unset keys', () => {
    expect(params('metadata[a]=1&metadata[b]=').metadata()).toEqual({ a: '1' });
    expect(params('metadata=').metadata()).toEqual({});
  });

  it('should check integers and booleans', () => {
    expect(params('limit=5').optionalInteger('limit', 1, 100)).toBe(5);
    expect(errorOf(() => params('limit=0x10').optionalInteger('limit', 1, 100))).toMatchObject({
      param: 'limit',
      status: 400,
    });
    expect(errorOf(() => params('limit=101').optionalInteger('limit', 1, 100))).toMatchObject({
      param: 'limit',
    });
    expect(params('cancel_at_period_end=true').optionalBoolean('cancel_at_period_end')).toBe(true);
    expect(
      errorOf(() => params('cancel_at_period_end=yes').optionalBoolean('cancel_at_period_end')),
    ).toMatchObject({
      code: 'parameter_invalid_boolean',
    });
  });

  it('should name the missing parameter', () => {
    expect(errorOf(() => params('').string('customer'))).toMatchObject({
      code: 'parameter_missing',
      param: 'customer',
      status: 400,
    });
  });
});

describe('listPage and rangeFilter', () => {
  const items = [1, 2, 3, 4, 5].map((n) => ({ id: `obj_${n}`, created: n * 10 }));

  it('should list newest first and page with starting_after', () => {
    const first = listPage(items, params('limit=2'), '/v1/x');
    expect(first).toEqual({ object: 'list', data: [items[4], items[3]], has_more: true, url: '/v1/x' });
    const last = listPage(items, params('limit=3&starting_after=obj_4'), '/v1/x');
    expect(last.data.map((item) => item.id)).toEqual(['obj_3', 'obj_2', 'obj_1']);
    expect(last.has_more).toBe(false);
  });

  it('should filter created by bounds or an exact value', () => {
    const between = rangeFilter(params('created[gte]=20&created[lt]=40'), 'created');
    expect(items.filter((item) => between(item.created)).map((item) => item.created)).toEqual([20, 30]);
    const exact = rangeFilter(params('created=30'), 'created');
    expect(items.filter((item) => exact(item.created))).toHaveLength(1);
    expect(rangeFilter(params(''), 'created')(99)).toBe(true);
  });
});
