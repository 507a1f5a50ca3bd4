import { extractCredentials } from './api-key-credentials';

describe('extractCredentials', () => {
  it('should find the key in the x-api-key header', () => {
    expect(extractCredentials({ headers: { 'x-api-key': 'k1' }, apiKeyQuery: undefined })).toEqual({
      kind: 'present',
      key: 'k1',
    });
  });

  it('should find the key in a Bearer authorization header, any case of the scheme', () => {
    expect(extractCredentials({ headers: { authorization: 'bearer k1' }, apiKeyQuery: undefined })).toEqual({
      kind: 'present',
      key: 'k1',
    });
  });

  it('should find the key in the apiKey query parameter', () => {
    expect(extractCredentials({ headers: {}, apiKeyQuery: 'k1' })).toEqual({ kind: 'present', key: 'k1' });
  });

  it('should accept the same key sent in several schemes', () => {
    const headers = { 'x-api-key': 'k1', authorization: 'Bearer k1' };
    expect(extractCredentials({ headers, apiKeyQuery: 'k1' })).toEqual({ kind: 'present', key: 'k1' });
  });

  it('should report a conflict when two schemes carry different keys', () => {
    const headers = { 'x-api-key': 'k1', authorization: 'Bearer k2' };
    expect(extractCredentials({ headers, apiKeyQuery: undefined })).toEqual({ kind: 'conflicting' });
  });

  it('should report a conflict when apiKey is given twice', () => {
    expect(extractCredentials({ headers: {}, apiKeyQuery: ['k1', 'k1'] })).toEqual({ kind: 'conflicting' });
  });

  it('should report a missing key when nothing is sent or Authorization uses another scheme', () => {
    expect(extractCredentials({ headers: {}, apiKeyQuery: undefined })).toEqual({ kind: 'missing' });
    expect(extractCredentials({ headers: { authorization: 'Basic abc' }, apiKeyQuery: undefined })).toEqual({
      kind: 'missing',
    });
  });

  it('should treat an empty key as invalid rather than missing', () => {
    expect(extractCredentials({ headers: {}, apiKeyQuery: '' })).toEqual({ kind: 'conflicting' });
  });
});
