import { type Boost, boostFromJson, boostToJson } from './boost';

const BOOST: Boost = {
  id: 'b1',
  extraRequestsPerMinute: 3,
  extraWsConnections: 1,
  grantedAt: 1_700_000_000_000,
  expiresAt: 1_700_000_060_000,
};

describe('stored boosts', () => {
  it('should read back what was written', () => {
    expect(boostFromJson(boostToJson(BOOST))).toEqual(BOOST);
  });

  it('should ignore anything malformed instead of failing', () => {
    expect(boostFromJson('not json')).toBeUndefined();
    expect(boostFromJson('null')).toBeUndefined();
    expect(boostFromJson(JSON.stringify({ ...BOOST, extraWsConnections: -1 }))).toBeUndefined();
    expect(boostFromJson(JSON.stringify({ ...BOOST, expiresAt: '2026-01-01' }))).toBeUndefined();
  });
});
