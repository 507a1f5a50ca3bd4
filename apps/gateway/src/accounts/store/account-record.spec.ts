import { accountFromHash, accountToHash, type AccountRecord, normalizeEmail } from './account-record';

describe('account records', () => {
  const record: AccountRecord = {
    id: 'a1',
    email: 'Ada@Example.test',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt$hash',
    plan: 'free',
    createdAt: '2026-11-23T04:00:00.000Z',
  };

  it('should read back what it stores, with and without a verification time', () => {
    expect(accountFromHash(accountToHash(record))).toEqual(record);
    const verified = { ...record, verifiedAt: '2026-11-23T04:01:00.000Z' };
    expect(accountFromHash(accountToHash(verified))).toEqual(verified);
  });

  it('should treat a hash missing a required field as no account', () => {
    expect(accountFromHash({})).toBeUndefined();
    expect(accountFromHash({ ...accountToHash(record), passwordHash: '' })).toBeUndefined();
  });

  it('should index emails case-insensitively and without surrounding spaces', () => {
    expect(normalizeEmail('  Ada@Example.TEST ')).toBe('ada@example.test');
  });
});
