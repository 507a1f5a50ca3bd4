import type { Boost } from '@pds/billing';
import { principalOf } from './key-principal';

const DEFAULTS = { requestsPerMinute: 40, wsConnections: 2 };
const NOW = 1_000_000;
const boost = (id: string, expiresAt: number): Boost => ({
  id,
  extraRequestsPerMinute: 3,
  extraWsConnections: 1,
  grantedAt: 0,
  expiresAt,
});

describe('principalOf', () => {
  it('should apply the defaults to a key without limits of its own', () => {
    const principal = principalOf(
      { record: { id: 'k', name: 'n', createdAt: 'c' }, boosts: [] },
      DEFAULTS,
      NOW,
    );
    expect(principal).toMatchObject({
      id: 'k',
      requestsPerMinute: 40,
      wsConnections: 2,
      ownLimits: DEFAULTS,
    });
  });

  it('should add the active boosts to the key’s own limits and list only those', () => {
    const record = { id: 'k', name: 'n', createdAt: 'c', requestsPerMinute: 2, wsConnections: 1 };
    const principal = principalOf(
      { record, boosts: [boost('gone', NOW), boost('on', NOW + 1)] },
      DEFAULTS,
      NOW,
    );
    expect(principal).toMatchObject({ requestsPerMinute: 5, wsConnections: 2 });
    expect(principal.ownLimits).toEqual({ requestsPerMinute: 2, wsConnections: 1 });
    expect(principal.boosts.map((active) => active.id)).toEqual(['on']);
  });
});
