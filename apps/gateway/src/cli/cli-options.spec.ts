import { GrantBoostDto } from '../entitlements';
import { integerOption, parseDuration, UsageError, validated } from './cli-options';

describe('parseDuration', () => {
  it.each([
    ['90s', 90],
    ['15m', 900],
    ['1h', 3600],
    ['7d', 604_800],
  ])('should read %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it('should refuse anything else', () => {
    for (const text of ['1', 'h', '1.5h', '-1h', '1w', ' 1h'])
      expect(() => parseDuration(text)).toThrow(UsageError);
  });
});

describe('integerOption', () => {
  it('should take digits only', () => {
    expect(integerOption(['--n', '12'], 'n')).toBe(12);
    expect(integerOption([], 'n')).toBeUndefined();
    expect(() => integerOption(['--n', '1e3'], 'n')).toThrow(UsageError);
    expect(() => integerOption(['--n'], 'n')).toThrow('--n needs a value');
  });
});

describe('validated', () => {
  it('should apply the HTTP rules and name the command-line options in the message', () => {
    const flags = { extraWsConnections: '--extra-ws-connections', expiresInSeconds: '--expires-in' };
    expect(() => validated(GrantBoostDto, { extraWsConnections: 0, expiresInSeconds: 60 }, flags)).toThrow(
      '--extra-ws-connections must be an integer between 1 and 1000',
    );
  });
});
