import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
