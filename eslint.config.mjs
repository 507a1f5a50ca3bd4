import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const GATEWAY = 'apps/gateway/src';
/** The modules below each one, which it may import through their index.ts alone. */
const MODULE_LAYERS = {
  entitlements: [],
  keys: ['entitlements'],
  accounts: ['keys', 'entitlements'],
  billing: ['accounts', 'entitlements'],
};

/** `no-restricted-imports` for each gateway module: only the modules below it, only their index.ts. */
function gatewayModuleBoundaries() {
  const modules = Object.keys(MODULE_LAYERS);
  const rules = modules.map((module) => {
    const below = MODULE_LAYERS[module];
    const forbidden = modules.filter((other) => other !== module && !below.includes(other));
    const patterns = [
      {
        regex: `^(\\.\\./)+(${below.join('|') || '$^'})/`,
        message: `${module}/ imports another module only through its index.ts (import '../<module>').`,
      },
      {
        regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
        message: `${module}/ must not import ${forbidden.join(', ')}: imports point one way (ARCHITECTURE.md).`,
      },
      {
        regex: '^(\\.\\./)*\\.\\.?(/index)?$',
        message: 'A module imports its own parts by path, never its own index.ts (an import cycle).',
      },
    ];
    return {
      files: [`${GATEWAY}/${module}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
  const elsewhere = {
    files: [`${GATEWAY}/**/*.ts`],
    ignores: modules.map((module) => `${GATEWAY}/${module}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\.?/)+(${modules.join('|')})/`,
              message: 'The other areas import these modules only through their index.ts.',
            },
          ],
        },
      ],
    },
  };
  return [...rules, elsewhere];
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'jest.config.js',
      'jest.faults.config.js',
      'jest.shared.js',
      'eslint.config.mjs',
      'apps/gateway/public/',
      'tools/jest-summary-reporter.js',
      'tools/jest-slow-first-sequencer.js',
      'tools/folder-cycles.js',
      // The client package's generated OpenAPI types, its build output and its plain-JS build scripts.
      'libs/client/src/generated/',
      'libs/client/dist/',
      'libs/client/scripts/',
      // The chart tests' plain-JS child that loads the ES-module-only kubernetes-models packages.
      'deploy/test/support/k8s-models.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Nest declares option bags (NestApplicationOptions, …) as classes; literals are how they are meant to be passed.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 220, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 45, skipBlankLines: true, skipComments: true }],
    },
  },
  // What a caller may do lives in four gateway modules: entitlements (plans, limits, boosts) ←
  // keys (API keys and their authentication) ← accounts (identity) ← billing (Stripe). Each imports
  // only those below it, and only through their index.ts; nothing imports billing but the root.
  ...gatewayModuleBoundaries(),
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
