import { AdminTokenCheck, readAdminCredentials } from './admin-token';

const TOKEN = 'admin-token-0123456789';

describe('readAdminCredentials', () => {
  it('should report admin operations disabled when no token is configured, whatever is sent', () => {
    expect(readAdminCredentials(undefined, `Bearer ${TOKEN}`)).toEqual({ kind: 'disabled' });
    expect(readAdminCredentials('', undefined)).toEqual({ kind: 'disabled' });
  });

  it('should find the token in a Bearer header, any case of the scheme', () => {
    expect(readAdminCredentials(TOKEN, `bearer ${TOKEN}`)).toEqual({ kind: 'present', token: TOKEN });
  });

  it('should report a missing token for no header, another scheme, or an empty bearer', () => {
    for (const header of [undefined, 'Basic abc', 'Bearer ', ['Bearer a', 'Bearer b']]) {
      expect(readAdminCredentials(TOKEN, header)).toEqual({ kind: 'missing' });
    }
  });
});

describe('AdminTokenCheck', () => {
  const check = new AdminTokenCheck(TOKEN);

  it('should match the configured token only', () => {
    expect(check.matches(TOKEN)).toBe(true);
    expect(check.matches(`${TOKEN}x`)).toBe(false);
    expect(check.matches('')).toBe(false);
    expect(check.matches(TOKEN.toUpperCase())).toBe(false);
  });
});
