import { expand } from './expand';

const objects: Record<string, object> = {
  sub_1: { id: 'sub_1', object: 'subscription', latest_invoice: 'in_1' },
  in_1: { id: 'in_1', object: 'invoice' },
};
const find = (id: string): object | undefined => (objects[id] ? structuredClone(objects[id]) : undefined);

describe('expand', () => {
  it('should replace an id field with its object', () => {
    expect(expand({ id: 'cs_1', subscription: 'sub_1' }, ['subscription'], find)).toEqual({
      id: 'cs_1',
      subscription: { id: 'sub_1', object: 'subscription', latest_invoice: 'in_1' },
    });
  });

  it('should follow nested paths and list data', () => {
    const list = {
      object: 'list',
      data: [
        { id: 'cs_1', subscription: 'sub_1' },
        { id: 'cs_2', subscription: null },
      ],
    };
    expect(expand(list, ['data.subscription.latest_invoice'], find).data[0]).toEqual({
      id: 'cs_1',
      subscription: {
        id: 'sub_1',
        object: 'subscription',
        latest_invoice: { id: 'in_1', object: 'invoice' },
      },
    });
  });

  it('should leave null fields and unknown ids as they are', () => {
    expect(expand({ subscription: null, customer: 'cus_x' }, ['subscription', 'customer'], find)).toEqual({
      subscription: null,
      customer: 'cus_x',
    });
  });
});
