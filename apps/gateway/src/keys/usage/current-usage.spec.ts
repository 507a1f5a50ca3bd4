import { operationUsage } from './current-usage';

const LIMITS = { requestsPerMinute: 5, wsConnections: 2 };

describe('operationUsage', () => {
  it('should count against the effective limits within an open window', () => {
    expect(
      operationUsage('getKlines', LIMITS, { requests: 3, windowMsLeft: 41_200, wsConnections: 1 }),
    ).toEqual({
      operation: 'getKlines',
      requestsUsed: 3,
      requestsRemaining: 2,
      windowResetsInSeconds: 42,
      wsConnectionsOpen: 1,
      wsConnectionsRemaining: 1,
    });
  });

  it('should show nothing used when no window is open, and never a negative remainder', () => {
    expect(
      operationUsage('getCurrentPrice', LIMITS, { requests: 0, windowMsLeft: -2, wsConnections: 3 }),
    ).toEqual({
      operation: 'getCurrentPrice',
      requestsUsed: 0,
      requestsRemaining: 5,
      windowResetsInSeconds: 0,
      wsConnectionsOpen: 3,
      wsConnectionsRemaining: 0,
    });
    expect(
      operationUsage('getKlines', LIMITS, { requests: 9, windowMsLeft: 1, wsConnections: 0 }),
    ).toMatchObject({
      requestsRemaining: 0,
    });
  });
});
