import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noScreenWrites } from './scripts/eslint/no-screen-writes.js';
import { screenAreas } from './scripts/eslint/screen-areas.js';

/** No raw form control outside src/ui: the kit ties the label, hint and announced error to the control. */
const RAW_FORM_CONTROLS = ['input', 'textarea', 'select'].map((element) => ({
  selector: `JSXOpeningElement[name.name='${element}']`,
  message: `No raw <${element}> outside src/ui: use TextField, SelectField, CheckboxField or AmountInput from src/ui, which tie the label, hint and announced error to the control.`,
}));

/** Screens read a machine only through tags or its view/connect (machines/<flow>/<flow>.view.ts), never by state names. */
const NO_STATE_NAMES = {
  selector: "CallExpression[callee.property.name='matches']",
  message:
    'A screen never lists state names: read a tag (snapshot.hasTag) or the flow’s view(snapshot) from machines/<flow>/<flow>.view.ts.',
};

/**
 * Views that speak (machines/parts/connect.ts): a converted screen calls its flow's intents, never builds an event, never
 * compares a step string that mirrors a state name, and lays out its forms with the kit's Form.
 */
const CONNECTED_SCREEN = [
  {
    selector: "CallExpression:matches([callee.name='send'], [callee.property.name='send']) > ObjectExpression",
    message:
      'A screen never builds an event: call an intent of the flow’s connect (machines/<flow>/<flow>.view.ts), e.g. view.submit(code).',
  },
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/] > :matches(MemberExpression[property.name='step'], Identifier[name='step']), SwitchStatement > :matches(MemberExpression[property.name='step'], Identifier[name='step']).discriminant",
    message: 'No comparison or switch on a step string: the flow’s connect says what is on screen as booleans (view.askingCode).',
  },
  {
    selector: "JSXOpeningElement[name.name='form']",
    message: 'No raw <form>: use Form (and FormAlert) from src/ui/Form.tsx.',
  },
];

/**
 * The areas whose screens speak through connect; the glob widens as areas convert (issue 22 item 5), until it is
 * all of src/screens.
 */
const CONNECTED_AREAS = [
  'src/screens/auth/**/*.{ts,tsx}',
  'src/screens/onboarding/**/*.{ts,tsx}',
  'src/screens/transfer/**/*.{ts,tsx}',
  'src/screens/pay/**/*.{ts,tsx}',
  'src/screens/shared/**/*.{ts,tsx}',
  'src/screens/inject/**/*.{ts,tsx}',
  'src/screens/card-accounts/**/*.{ts,tsx}',
  'src/screens/help/**/*.{ts,tsx}',
  'src/screens/wallet/**/*.{ts,tsx}',
  'src/screens/kyc/**/*.{ts,tsx}',
  'src/screens/profile/**/*.{ts,tsx}',
  'src/screens/register/**/*.{ts,tsx}',
  'src/screens/accounts/**/*.{ts,tsx}',
];

/** The app's own floors: patterns both src/ entries of 'no-restricted-imports' list (a later entry replaces an earlier). */
const SRC_NOT_SERVER = { regex: '(^|/)server(/|$)', message: 'src/ never imports server/: share through contract/.' };
const SRC_NOT_TESTS = {
  regex: '(^|/)(tests|e2e)(/|$)',
  message: 'src/ never imports test tooling (tests/, e2e/): the models and their fixtures stay out of the app.',
};

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
              // @zxcvbn-ts: the one password-strength rule that the app's meter and the server both run;
              // ibantools: the one bank-account check (contract/bankAccount.ts), likewise.
              regex:
                '^(?!zod(/mini)?$|libphonenumber-js$|bitcoin-address-validation$|ibantools$|@zxcvbn-ts/(core|language-common)$|\\.)|(^|/)(src|machines|server|tests|e2e|scripts)(/|$)|(^|/)locales/',
              message:
                'contract/ may import only zod, libphonenumber-js, bitcoin-address-validation, ibantools, @zxcvbn-ts and other contract/ files.',
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
              // Test tooling (models, page bindings, translations) lives in tests/models/, off the app's floors.
              regex: '^(?!xstate(/graph)?$|\\.)|(^|/)(src|server|tests|e2e|scripts)(/|$)|^(\\.\\./)+locales(/|$)',
              message: 'machines/ may import only xstate (and xstate/graph), other machines and contract/: no locales/, no test tooling.',
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
          patterns: [SRC_NOT_SERVER, SRC_NOT_TESTS],
        },
      ],
    },
  },
  {
    // Form controls come from the kit, where label, hint, error and their ARIA are written once.
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/**', 'src/screens/**'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_FORM_CONTROLS] },
  },
  {
    // Screens also read a machine only through tags or its view(snapshot) (machines/<flow>/<flow>.view.ts), never
    // by state names. One entry with both lists: a later 'no-restricted-syntax' would replace, not extend, the first.
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...RAW_FORM_CONTROLS, NO_STATE_NAMES],
    },
  },
  {
    // The converted areas add the connect rules; the whole list again, as a later entry replaces an earlier one.
    files: CONNECTED_AREAS,
    rules: { 'no-restricted-syntax': ['error', ...RAW_FORM_CONTROLS, NO_STATE_NAMES, ...CONNECTED_SCREEN] },
  },
  {
    // TanStack Query only reads: every write is an actor of a machine in the catalog (machines/write/write.machine.ts
    // for a single one). One entry with both patterns: a later 'no-restricted-imports' would replace the src/ one.
    // Campaign tracking runs outside any screen, at page load: its report is the campaignTags machine's too.
    files: ['src/screens/**/*.{ts,tsx}', 'src/app/campaign.ts'],
    plugins: { meridian: { rules: { 'no-screen-writes': noScreenWrites, 'screen-areas': screenAreas } } },
    rules: {
      'meridian/no-screen-writes': 'error',
      // Screens import no other area's internals: what two areas share lives in src/ui, src/app or src/screens/shared.
      'meridian/screen-areas': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                'Screens only read: a write is an actor of a machine in the catalog (e.g. one use of machines/write/write.machine.ts).',
            },
            {
              // An actor started any other way would not reach the app's inspection observer (/flows, ?inspect=stately).
              name: '@xstate/react',
              importNames: ['useActorRef', 'useMachine'],
              message: 'Start a screen flow with useFlowActor (src/app/context.ts): it reports to the live view on /flows.',
            },
          ],
          patterns: [SRC_NOT_SERVER, SRC_NOT_TESTS],
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
