import type { FastifyRequest } from 'fastify';
import { isBackgroundRead } from './account-request-limit';

/** The parts of a request the check reads. */
function request(method: string, url: string, header?: string): FastifyRequest {
  return {
    method,
    routeOptions: { url },
    headers: header === undefined ? {} : { 'x-refresh': header },
  } as unknown as FastifyRequest;
}

describe('isBackgroundRead (the pages’ refreshes, outside the account limit)', () => {
  it('should take only a GET of the account itself marked as a background refresh', () => {
    expect(isBackgroundRead(request('GET', '/api/v1/account', 'background'))).toBe(true);
  });

  it('should count every other request in the account limit, whatever header it sends', () => {
    expect(isBackgroundRead(request('GET', '/api/v1/account'))).toBe(false);
    expect(isBackgroundRead(request('GET', '/api/v1/account', 'Background'))).toBe(false);
    expect(isBackgroundRead(request('POST', '/api/v1/account', 'background'))).toBe(false);
    expect(isBackgroundRead(request('GET', '/api/v1/billing/invoices', 'background'))).toBe(false);
    expect(isBackgroundRead(request('POST', '/api/v1/billing/subscription', 'background'))).toBe(false);
    expect(isBackgroundRead(request('GET', '/api/v1/account/api-keys', 'background'))).toBe(false);
  });
});
