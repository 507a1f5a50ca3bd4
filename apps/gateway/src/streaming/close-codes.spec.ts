import { ApiException } from '../errors/api-exception';
import { closeFrameFor } from './close-codes';

describe('closeFrameFor', () => {
  it('should close with 4000 + status and the code as reason for client errors', () => {
    expect(closeFrameFor(ApiException.missingApiKey())).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(closeFrameFor(ApiException.invalidApiKey())).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(closeFrameFor(ApiException.validation(['interval must be one of']))).toEqual({
      code: 4400,
      reason: 'VALIDATION_ERROR',
    });
    expect(closeFrameFor(ApiException.tooManyRequests('limit', 1))).toEqual({
      code: 4429,
      reason: 'RATE_LIMIT_EXCEEDED',
    });
  });

  it('should close with 1013 (try again later) when the service is unavailable', () => {
    expect(closeFrameFor(ApiException.serviceUnavailable('Storage is unavailable'))).toEqual({
      code: 1013,
      reason: 'SERVICE_UNAVAILABLE',
    });
  });

  it('should close with 1011 for an internal error', () => {
    expect(closeFrameFor(new ApiException(500, { code: 'INTERNAL_ERROR', message: 'x' }))).toEqual({
      code: 1011,
      reason: 'INTERNAL_ERROR',
    });
  });
});
