import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'reports', 'test-results', 'playwright-report', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React code only: Playwright fixtures also call a function named `use`.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The ground floor: what app, machines and server share imports nothing else of the project.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/mini)?$|libphonenumber-js$|\\.)|(^|/)(src|machines|server|tests|e2e|scripts)(/|$)|(^|/)locales/',
              message: 'contract/ may import only zod, libphonenumber-js and other contract/ files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Machines are pure: the outside world comes in through setup() implementations.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate(/graph)?$|\\.)|(^|/)(src|server|tests|e2e|scripts)(/|$)',
              message: 'machines/ may import only xstate (and xstate/graph), other machines and contract/.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
  {
    // The browser app never reaches into the server.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)server(/|$)', message: 'src/ never imports server/: share through contract/.' }],
        },
      ],
    },
  },
  {
    // The server runs without the app: share through contract/.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(src|machines)(/|$)', message: 'server/ imports nothing from src/ or machines/: share through contract/.' },
          ],
        },
      ],
    },
  },
);
