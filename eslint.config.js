// `npm run lint`: typescript-eslint's type-aware rules over the two TypeScript projects, plus the hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist/**', 'dist-cli/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'tmp/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      // one program over both typecheck projects (tsconfig.eslint.json): two overlapping programs cost twice the time
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // figures and test messages print whatever a record or a report holds
    files: ['bench/**', '**/*.test.ts', 'e2e/**'],
    rules: { '@typescript-eslint/restrict-template-expressions': 'off' },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      // a record's data is `any` JSON by contract (src/core/types.ts) and is read by shape checks where it is used:
      // these five rules flag each such read (about 450 findings), not a mistake
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // each flags a pattern used on purpose here, never a mistake found in this code:
      // destructured callbacks declared with method syntax ({ stop }, onToggle) that never use `this`
      '@typescript-eslint/unbound-method': 'off',
      // async marks an interface's Promise-returning method, so a throw in it is a rejection
      '@typescript-eslint/require-await': 'off',
      // a reject passes on what a callback or an IndexedDB request failed with, as it was
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // String() of an untrusted JSON value is meant to give whatever text it gives
      '@typescript-eslint/no-base-to-string': 'off',
      // `unknown | typeof INVALID` names the sentinel a caller must check for
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      'prefer-const': ['error', { destructuring: 'all' }],
      // tsc's noUnusedLocals/noUnusedParameters already fail the build on these; `_` marks a parameter an interface requires
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
