import { decodeForm, keyPath } from './form-decoding';

describe('decodeForm', () => {
  it('should read flat parameters and nested objects', () => {
    expect(decodeForm('email=a%40b.io&metadata[account_id]=acc_1&metadata[note]=x+y')).toEqual({
      email: 'a@b.io',
      metadata: { account_id: 'acc_1', note: 'x y' },
    });
  });

  it('should turn indexed keys into arrays of objects in index order', () => {
    expect(decodeForm('line_items[1][price]=b&line_items[0][price]=a&line_items[0][quantity]=2')).toEqual({
      line_items: [{ price: 'a', quantity: '2' }, { price: 'b' }],
    });
  });

  it('should append for empty brackets and accept the indexed form stripe-node sends', () => {
    expect(decodeForm('expand[]=subscription&expand[]=customer')).toEqual({
      expand: ['subscription', 'customer'],
    });
    expect(decodeForm('expand[0]=subscription')).toEqual({ expand: ['subscription'] });
  });

  it('should keep an empty value, which Stripe uses to unset a field', () => {
    expect(decodeForm('metadata=')).toEqual({ metadata: '' });
  });

  it('should refuse unbalanced brackets', () => {
    expect(keyPath('a[b')).toBeUndefined();
    expect(() => decodeForm('a]=1')).toThrow(SyntaxError);
  });

  it('should read range filters such as created[gte]', () => {
    expect(decodeForm('created[gte]=1700000000&limit=3')).toEqual({
      created: { gte: '1700000000' },
      limit: '3',
    });
  });
});
