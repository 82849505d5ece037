import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/.out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // A promise nobody awaits loses its failure (an unhandled rejection) and its order: `intake config
    // set` said a setting was saved before it was written. Needs the types, so src/ only.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The pages' own script runs in the browser.
    files: ['assets/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['bin/**/*.js', 'bench/**/*.js', 'fixtures/**/*.mjs', 'src/demo/**/*.ts', 'test/soak/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
