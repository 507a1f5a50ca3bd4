import { newId } from './ids';

describe('newId', () => {
  it('should start with the prefix and an underscore, then base62 characters', () => {
    expect(newId('cus')).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(newId('cs_test')).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(newId('whsec')).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
  });

  it('should not repeat across many ids', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId('evt')));
    expect(ids.size).toBe(2000);
  });
});
