import { validateBody } from '../../../validation/body-validation';
import { BoostMessage, GrantBoostDto, toNewBoost } from './grant-boost.dto';

const problemsOf = (body: unknown): string[] => {
  const result = validateBody(GrantBoostDto, body);
  return result.valid ? [] : result.problems;
};

describe('GrantBoostDto', () => {
  it('should accept extra requests with a relative expiry, and extra connections with an absolute one', () => {
    expect(problemsOf({ extraRequestsPerMinute: 10, expiresInSeconds: 60 })).toEqual([]);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(problemsOf({ extraWsConnections: 1, expiresAt: inAnHour })).toEqual([]);
  });

  it('should name each failing field: non-positive, fractional, strings, null', () => {
    expect(
      problemsOf({
        extraRequestsPerMinute: 0,
        extraWsConnections: 1.5,
        expiresInSeconds: '60',
        expiresAt: null,
      }),
    ).toEqual([
      'extraRequestsPerMinute must be an integer between 1 and 1000000',
      'extraWsConnections must be an integer between 1 and 1000',
      'expiresAt must be an ISO 8601 date-time',
      'expiresInSeconds must be an integer between 1 and 31622400',
    ]);
  });

  it('should refuse unknown fields by name', () => {
    expect(problemsOf({ extraWsConnections: 1, expiresInSeconds: 5, keyId: 'x' })).toEqual([
      'keyId is not a known field',
    ]);
  });

  it('should need an extra limit and exactly one expiry', () => {
    expect(problemsOf({})).toEqual([BoostMessage.noExtra, BoostMessage.noExpiry]);
    const both = { extraWsConnections: 1, expiresInSeconds: 5, expiresAt: '2999-01-01T00:00:00Z' };
    expect(problemsOf(both)).toContain(BoostMessage.twoExpiries);
  });

  it('should refuse an expiry in the past or too far ahead', () => {
    expect(problemsOf({ extraWsConnections: 1, expiresAt: '2020-01-01T00:00:00Z' })).toEqual([
      BoostMessage.past,
    ]);
    expect(problemsOf({ extraWsConnections: 1, expiresAt: '2999-01-01T00:00:00Z' })).toEqual([
      BoostMessage.tooFar,
    ]);
  });

  it('should refuse a body that is not an object', () => {
    expect(problemsOf([])).toEqual(['body must be a JSON object']);
    expect(problemsOf(undefined)).toEqual(['body must be a JSON object']);
  });
});

describe('toNewBoost', () => {
  it('should fix a relative expiry against now and default a missing extra to 0', () => {
    const dto = Object.assign(new GrantBoostDto(), { extraWsConnections: 2, expiresInSeconds: 3 });
    expect(toNewBoost(dto, 1000)).toEqual({
      extraRequestsPerMinute: 0,
      extraWsConnections: 2,
      expiresAt: 4000,
    });
  });

  it('should take an absolute expiry as given', () => {
    const dto = Object.assign(new GrantBoostDto(), {
      extraRequestsPerMinute: 1,
      expiresAt: '2030-01-01T00:00:00+01:00',
    });
    expect(toNewBoost(dto).expiresAt).toBe(Date.parse('2029-12-31T23:00:00Z'));
  });
});
