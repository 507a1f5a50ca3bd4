/** The gateway's test helpers for suites outside apps/gateway (faults, deploy). */
export * from './admin-api';
export * from './gateway-harness';
export * from './live-market';
export * from './ws-client';
