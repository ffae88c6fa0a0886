import type { Me } from '../../contract/auth';
import { failureText, inLanguage, pageTexts, SIGNED_IN } from './graph/page';
import { sessionCookieJar } from './session.model';
import { nameProblems, updateNameMachine } from '../../machines/updateName/updateName.machine';
import { writeModel } from './write.model';

const SAVED: Me = { ...SIGNED_IN.user, firstName: 'Ann', lastName: 'Lee' };

export const updateNameModel = writeModel(updateNameMachine, {
  inputs: {
    'both names': { firstName: 'Ann', lastName: 'Lee' },
    'no last name': { firstName: 'Ann', lastName: ' ' },
    'emoji for a first name': { firstName: '😀😀 🚀', lastName: 'Lee' },
  },
  done: { saved: SAVED },
  errors: { 'the identity check locked it': { code: 'name_locked' }, offline: { code: 'network_error' } },
  check: nameProblems,
  browser: {
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { open: inLanguage('/profile/details', language) },
    ],
    request: { url: '**/api/users/update-name', method: 'POST' },
    submit: ({ firstName, lastName }, before, language) => {
      const texts = pageTexts(language).profile.details;
      // Once locked, the page offers no save.
      if (before.context.failure?.code === 'name_locked') return null;
      return [
        { fill: { label: texts.firstName }, text: firstName },
        { fill: { label: texts.lastName }, text: lastName },
        { click: { role: 'button', name: texts.save } },
      ];
    },
    edit: (before, language) =>
      before.context.failure?.code === 'name_locked'
        ? null
        : [{ fill: { label: pageTexts(language).profile.details.firstName }, text: 'Anna' }],
    states: {
      editing: (s, language) => {
        const texts = pageTexts(language).profile.details;
        return {
          shows: [
            { role: 'button', name: texts.save },
            ...Object.values(s.context.problems ?? {}).map((problem) => ({
              shownText: texts.errors[problem as keyof typeof texts.errors],
            })),
          ],
        };
      },
      done: (_, language) => ({ shows: [{ shownText: pageTexts(language).profile.details.saved }] }),
      failed: (s, language) => {
        const texts = pageTexts(language).profile.details;
        const failure = s.context.failure!;
        return failure.code === 'name_locked'
          ? { shows: [{ testId: 'name-locked' }, { shownText: texts.errors.name_locked }], hides: [{ role: 'button', name: texts.save }] }
          : { shows: [{ shownText: failureText(language, texts.errors, failure) }] };
      },
    },
  },
});
