// One runner for every kind of test. TypeScript (and the ES-module-only @nestjs packages, which
// Jest's module system cannot require) go through swc; type-checking is `npm run typecheck`.
const swc = [
  '@swc/jest',
  {
    // The build's .swcrc excludes tests; Jest compiles with the options here only.
    swcrc: false,
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@apidevtools)/)'],
  moduleNameMapper: { '^@pds/(.*)$': '<rootDir>/libs/$1/src/index.ts' },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

module.exports = {
  // Integration tests start real processes; a per-project testTimeout is not applied by Jest 30.
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/tools/jest-summary-reporter.js'],
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/apps/**/test/**/*.test.ts', '<rootDir>/deploy/test/**/*.test.ts'],
    },
  ],
};
