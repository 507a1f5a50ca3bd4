// One runner for every kind of test. TypeScript (and the ES-module-only @nestjs packages, which
// Jest's module system cannot require) go through swc; type-checking is `npm run typecheck`.
const swc = [
  '@swc/jest',
  {
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
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  moduleNameMapper: { '^@pds/(.*)$': '<rootDir>/libs/$1/src/index.ts' },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/apps/**/test/**/*.test.ts'],
      testTimeout: 60_000,
    },
  ],
};
