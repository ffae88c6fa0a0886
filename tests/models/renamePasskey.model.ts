import type { Passkey } from '../../contract';
import { passkey as PASSKEY } from './biometric.model';
import { inLanguage, pageTexts } from './graph/page';
import { passkeyNameProblems, renamePasskeyMachine } from '../../machines/renamePasskey/renamePasskey.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const RENAMED: Passkey = { ...PASSKEY, name: 'Work laptop' };
const PASSKEYS = '**/api/passkeys';

export const renamePasskeyModel = writeModel(renamePasskeyMachine, {
  inputs: {
    'a new name': { id: PASSKEY.id, name: RENAMED.name },
    'a blank name': { id: PASSKEY.id, name: '   ' },
  },
  done: { renamed: RENAMED },
  errors: { 'the passkey is gone': { code: 'passkey_not_found' }, offline: { code: 'network_error' } },
  check: passkeyNameProblems,
  browser: {
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: PASSKEYS, method: 'GET', json: { passkeys: [PASSKEY] } },
      { open: inLanguage('/profile/security', language) },
      { click: { role: 'button', name: pageTexts(language).passkeys.section.rename } },
    ],
    request: { url: `${PASSKEYS}/${PASSKEY.id}`, method: 'PATCH' },
    submit: ({ name }, before, language) => {
      const texts = pageTexts(language).passkeys.section;
      // A saved name closes the form: renaming again starts with Rename (a new intent).
      if (before.hasTag('done')) return null;
      return [{ fill: { label: texts.renameLabel }, text: name }, { click: { role: 'button', name: texts.save } }];
    },
    edit: (before, language) => {
      const texts = pageTexts(language).passkeys.section;
      return before.hasTag('done')
        ? [{ click: { role: 'button', name: texts.rename } }]
        : [{ fill: { label: texts.renameLabel }, text: 'Phone' }];
    },
    states: {
      editing: (s, language) => {
        const texts = pageTexts(language).passkeys.section;
        const problem = s.context.problems?.name;
        return {
          shows: [
            { label: texts.renameLabel },
            ...(problem ? [{ shownText: problem === 'required' ? texts.nameRequired : texts.nameTooLong }] : []),
          ],
        };
      },
      // The form closes and the list shows the new name.
      done: (_, language) => ({
        shows: [{ role: 'button', name: pageTexts(language).passkeys.section.rename }, { shownText: RENAMED.name }],
        hides: [{ label: pageTexts(language).passkeys.section.renameLabel }],
      }),
      // Whatever the reason, the same words; what was typed stays for a retry.
      failed: (s, language) => {
        const texts = pageTexts(language).passkeys.section;
        return {
          shows: [
            { label: texts.renameLabel, value: s.context.input!.name },
            { role: 'alert', text: texts.actionFailed },
          ],
        };
      },
    },
  },
});
