import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('should store Argon2id with at least OWASP parameters when hashing', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('correct horse');
  });

  it('should accept the right password and refuse a wrong one when checking', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    await expect(hasher.matches(stored, 'correct horse battery staple')).resolves.toBe(true);
    await expect(hasher.matches(stored, 'wrong horse battery staple')).resolves.toBe(false);
  });

  it('should refuse any password when there is no stored hash', async () => {
    await expect(hasher.matches(undefined, 'correct horse battery staple')).resolves.toBe(false);
  });
});
