import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/**', 'coverage/**', '*.config.{js,ts}'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
      complexity: ['warn', 20],
      'no-console': 'error',
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/core/src/workspace/alfred-home.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'os', property: 'homedir', message: 'Resolve paths through workspace/alfred-home.ts (ALFRED_HOME).' },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react/*', 'ink', 'ink/*', '@alfred/ink'], message: 'core never imports the UI.' }] },
      ],
    },
  },
  {
    files: ['packages/ink/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        // `@alfred/core/start-up` is the one other entry: what the first frame may load before the engine.
        { patterns: [{ group: ['@alfred/core/*', '!@alfred/core/start-up'], message: 'Import core through its public index (or @alfred/core/start-up before the engine loads).' }] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'packages/testkit/**', 'scripts/**'],
    rules: {
      'max-lines-per-function': 'off',
      'max-lines': ['warn', { max: 600, skipBlankLines: true, skipComments: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
