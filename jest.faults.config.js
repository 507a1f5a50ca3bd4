// The fault suite (npm run test:faults): the whole stack under load while faults are injected.
const { shared, reporters } = require('./jest.shared');

module.exports = {
  ...shared,
  displayName: 'faults',
  testMatch: ['<rootDir>/faults/test/**/*.test.ts'],
  testTimeout: 300_000,
  // Each file runs a whole stack under load and bounds its recoveries in time: one at a time.
  maxWorkers: 1,
  reporters,
};
