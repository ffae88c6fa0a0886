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
    // Form controls come from the kit, where label, hint, error and their ARIA are written once.
    files: ['src/**/*.tsx'],
    // CodeField is moving into the kit with ResendCode (issue 9, item 3).
    ignores: ['src/ui/**', 'src/screens/shared/CodeField.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['input', 'textarea', 'select'].map((element) => ({
          selector: `JSXOpeningElement[name.name='${element}']`,
          message: `No raw <${element}> outside src/ui: use TextField, SelectField, CheckboxField or AmountInput from src/ui, which tie the label, hint and announced error to the control.`,
        })),
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
