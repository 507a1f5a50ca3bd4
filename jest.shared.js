// What every Jest configuration of the repository shares. TypeScript (and the ES-module-only
// @nestjs packages, which Jest's module system cannot require, and the @noble/@scure ones that
// ccxt's CommonJS build requires) go through swc; type-checking is `npm run typecheck`.
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

/** Transform, module mapping and environment of every project. */
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@apidevtools|@noble|@scure)/)'],
  moduleNameMapper: {
    // A file of a library (`@pds/exchange/standalone`): test tools load a part, not the whole index.
    '^@pds/([a-z]+)/(.+)$': '<rootDir>/libs/$1/src/$2',
    '^@pds/(.*)$': '<rootDir>/libs/$1/src/index.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

const reporters = ['default', '<rootDir>/tools/jest-summary-reporter.js'];

module.exports = { shared, reporters };
