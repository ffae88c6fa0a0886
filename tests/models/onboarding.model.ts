import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, withValues, type PageLanguage } from './graph/page';
import { INTRO_SLIDES, onboardingMachine } from '../../machines/onboarding/onboarding.machine';
import type { SnapshotFrom } from 'xstate';
import { pushAsksFirst } from './push.model';
import { sessionCookieJar } from './session.model';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

const LOAD = '**/api/user-settings/onboarding';
const SAVE = '**/api/user-settings/onboarding/intro-seen';

/** The slide on screen, by its heading. */
function slideShown(s: Snapshot, language: PageLanguage): PageExpectation {
  const slides = pageTexts(language).onboarding.slides;
  return { shows: [{ role: 'heading', level: 2, name: slides[INTRO_SLIDES[s.context.slide]!].title }] };
}

export const onboardingModel = {
  events: {
    NEXT: { next: {} },
    PREVIOUS: { back: {} },
    SLIDE_CHOSEN: { 'the last dot': { slide: 2 }, 'the first dot': { slide: 0 }, 'no such slide': { slide: 7 } },
    SKIPPED: { skip: {} },
    RETRIED: { 'try again': {} },
  },
  actors: {
    loadOnboarding: {
      done: { 'not seen yet': { introSeen: false }, 'seen on another device': { introSeen: true } },
      error: { offline: { code: 'network_error' } },
    },
    markIntroSeen: { done: { saved: { introSeen: true } }, error: { offline: { code: 'network_error' } } },
  },
  invariants: {
    '*': (s) => (s.context.slide >= 0 && s.context.slide < INTRO_SLIDES.length) || `slide ${s.context.slide} does not exist`,
    saveFailed: (s) => s.context.failure !== null || 'not saved, without saying why',
    introFinished: (s) => s.context.failure === null || 'on to push, yet showing a failure',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { open: inLanguage('/onboarding/intro', language) },
    ],
    events: {
      NEXT: (_, before, language) => {
        const texts = pageTexts(language).onboarding;
        return [{ click: { role: 'button', name: before.context.slide === INTRO_SLIDES.length - 1 ? texts.start : texts.next } }];
      },
      PREVIOUS: (_, before, language) =>
        before.context.slide === 0 ? null : [{ click: { role: 'button', name: pageTexts(language).onboarding.back } }],
      SLIDE_CHOSEN: ({ slide }, _, language) =>
        slide >= INTRO_SLIDES.length
          ? null
          : [
              {
                click: {
                  role: 'tab',
                  name: withValues(pageTexts(language).onboarding.slideOf, { number: slide + 1, count: INTRO_SLIDES.length }, language),
                },
              },
            ],
      SKIPPED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).onboarding.skip } }],
      RETRIED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).onboarding.tryAgain } }],
    },
    actors: {
      loadOnboarding: {
        done: (answer) => [{ answer: LOAD, method: 'GET', times: 1, json: answer }],
        error: (error) => [failedCall(LOAD, error, 'GET')],
      },
      markIntroSeen: {
        // The push page that follows asks first, in a browser with Web Push not asked yet.
        done: (answer) => [{ answer: SAVE, method: 'POST', times: 1, json: answer }, ...pushAsksFirst],
        error: (error) => [failedCall(SAVE, error)],
      },
    },
    states: {
      showing: slideShown,
      saveFailed: (s, language) => ({
        shows: [...slideShown(s, language).shows!, { shownText: failureText(language, {}, s.context.failure!) }],
      }),
      introFinished: (_, language) => ({
        url: inLanguage('/onboarding/push-notifications', language),
        shows: [{ testId: 'push-explaining' }],
      }),
      done: (_, language) => ({ url: inLanguage('/', language) }),
    },
  },
} satisfies FlowModel<typeof onboardingMachine>;
