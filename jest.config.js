// One runner for unit and integration tests (the fault suite has its own: jest.faults.config.js).
const { shared, reporters } = require('./jest.shared');

module.exports = {
  // Integration tests start real processes; a per-project testTimeout is not applied by Jest 30.
  testTimeout: 60_000,
  reporters,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/apps/**/test/**/*.test.ts', '<rootDir>/deploy/test/**/*.test.ts'],
    },
  ],
};
