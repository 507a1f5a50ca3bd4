// One runner for unit and integration tests (the fault suite has its own: jest.faults.config.js).
const { shared, reporters } = require('./jest.shared');

/** Integration suites that also run on Redis Cluster (the `cluster` project). */
const CLUSTER_SUITES = [
  'ingestor/test/market-data',
  'ingestor/test/leadership',
  'ingestor/test/stream-resilience',
  'cache/test/two-workers',
  'cache/test/retention',
  'gateway/test/prices',
  'gateway/test/rate-limit',
  'gateway/test/rate-limit-counter-model',
  'gateway/test/auth',
  'gateway/test/admin-api-keys',
  'gateway/test/accounts-api-keys',
  'gateway/test/account-usage',
  'gateway/test/ws-streams',
  'gateway/test/read-through-warm',
];

/**
 * Market-data suites that also run against other exchange settings (CONTRACT section 11), by
 * parameter: the `binance-us` project makes Binance.US the primary; the `standbys` project keeps
 * Binance and gives every ingestor Binance.US and Kraken simulators as standbys.
 */
const EXCHANGE_SUITES = [
  'ingestor/test/market-data',
  'gateway/test/ws-streams',
  'gateway/test/read-through-ranges',
  'cache/test/gap-repair',
];
const STANDBY_SUITES = EXCHANGE_SUITES.filter((suite) => suite !== 'cache/test/gap-repair');

/** A project of `suites` whose setup file sets PDS_TEST_EXCHANGES (libs/testing/src/test-exchanges.ts). */
function exchangesProject(displayName, suites) {
  return {
    ...shared,
    displayName,
    testMatch: suites.map((suite) => `<rootDir>/apps/${suite}.test.ts`),
    setupFiles: [`<rootDir>/libs/testing/src/exchanges-project.${displayName}.ts`],
    setupFilesAfterEnv: ['<rootDir>/libs/testing/src/exchanges-project.setup.ts'],
  };
}

module.exports = {
  // Integration tests start real processes; a per-project testTimeout is not applied by Jest 30.
  // Three minutes, for tests and hooks, set here only (a file sets its own only to allow longer): with
  // the bench running beside the suite, a hook starting nginx and two gateways, or a billing stack,
  // took over a minute (a hang still fails).
  testTimeout: 180_000,
  testSequencer: '<rootDir>/tools/jest-slow-first-sequencer.js',
  reporters,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/apps/**/test/**/*.test.ts',
        '<rootDir>/deploy/test/**/*.test.ts',
        '<rootDir>/libs/client/test/**/*.test.ts',
        '<rootDir>/libs/launch/test/**/*.test.ts',
        '<rootDir>/tools/test/**/*.test.ts',
      ],
    },
    {
      // The same integration suites again, on a private three-master Redis Cluster that the global
      // set-up starts once (libs/testing/src/redis-cluster.ts). A representative subset keeps the
      // added time near 1.5 minutes. Left out: the outage suites (they stop and restart a private
      // single redis-server of their own); history-consistency and gap-repair (2 minutes and half
      // a minute by themselves; stream-resilience covers the ingestor's repair jobs, two-workers and
      // retention the cache's jobs); ws-fan-out (it counts subscribers with PUBSUB NUMSUB, which on
      // a Cluster sees one node only).
      ...shared,
      displayName: 'cluster',
      testMatch: [
        '<rootDir>/libs/testing/test/**/*.test.ts',
        ...CLUSTER_SUITES.map((suite) => `<rootDir>/apps/${suite}.test.ts`),
      ],
      globalSetup: '<rootDir>/libs/testing/src/cluster-project.global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/cluster-project.global-teardown.ts',
      setupFiles: ['<rootDir>/libs/testing/src/cluster-project.setup.ts'],
    },
    exchangesProject('binance-us', EXCHANGE_SUITES),
    exchangesProject('standbys', STANDBY_SUITES),
  ],
};
