import { assign, setup } from 'xstate';
import type { Onboarding } from '../../contract/invite';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** The intro's slides, in order. */
export const INTRO_SLIDES = ['accounts', 'move', 'secure'] as const;
export type IntroSlide = (typeof INTRO_SLIDES)[number];
const LAST = INTRO_SLIDES.length - 1;

type OnboardingEvent =
  /** Next: the arrow key toward the reading direction's end, a swipe, or the button. */
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  /** A dot: straight to that slide. */
  | { type: 'SLIDE_CHOSEN'; slide: number }
  | { type: 'SKIPPED' }
  | { type: 'RETRIED' };

interface OnboardingContext {
  slide: number;
  failure: Failure | null;
}

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
  },
  actors: {
    /** GET /user-settings/onboarding. */
    loadOnboarding: unprovided<Onboarding>('loadOnboarding'),
    /** POST /user-settings/onboarding/intro-seen. */
    markIntroSeen: unprovided<Onboarding>('markIntroSeen'),
  },
  guards: {
    alreadySeen: ({ event }) => 'output' in event && (event.output as Onboarding).introSeen,
    notLastSlide: ({ context }) => context.slide < LAST,
    notFirstSlide: ({ context }) => context.slide > 0,
    slideExists: ({ event }) => event.type === 'SLIDE_CHOSEN' && Number.isInteger(event.slide) && event.slide >= 0 && event.slide <= LAST,
  },
}).createMachine({
  id: 'onboarding',
  description:
    'The intro carousel of /onboarding/intro, after sign-up: three slides by swipe, arrow keys, dots or buttons; finishing or skipping saves “seen” on the server, so no device shows it again, then the push notifications page.',
  context: { slide: 0, failure: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Was it seen already, on this or another device?',
      tags: ['loading'],
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        onDone: [
          { guard: 'alreadySeen', target: 'done', description: 'Seen before, and the push page after it: straight home.' },
          { target: 'showing', description: 'Not seen yet: the first slide shows.' },
        ],
        onError: { target: 'showing', description: 'Cannot tell: show it; finishing saves it.' },
      },
    },
    showing: {
      description: 'One slide, the dots, Back, Next (Get started on the last) and Skip.',
      meta: { route: '/onboarding/intro' },
      on: {
        NEXT: [
          {
            description: 'Not on the last slide: the next slide shows.',
            guard: 'notLastSlide',
            actions: assign({ slide: ({ context }) => context.slide + 1 }),
          },
          { target: 'saving', description: 'Get started on the last slide.' },
        ],
        PREVIOUS: {
          description: 'Not on the first slide: the previous slide shows.',
          guard: 'notFirstSlide',
          actions: assign({ slide: ({ context }) => context.slide - 1 }),
        },
        SLIDE_CHOSEN: {
          description: 'The customer chose a slide by its dot: it shows.',
          guard: 'slideExists',
          actions: assign({ slide: ({ event }) => event.slide }),
        },
        SKIPPED: { target: 'saving', description: 'The customer skipped the intro: it is saved as seen.' },
      },
    },
    saving: {
      description: 'The intro is being saved as seen on the server.',
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'markIntroSeen',
        src: 'markIntroSeen',
        onDone: { target: 'introFinished', description: 'Saved as seen: the push notifications page follows.' },
        onError: {
          target: 'saveFailed',
          description: 'Not saved (offline): the page says why and offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    saveFailed: {
      description: 'Not saved: why, and Try again (the slide stays).',
      meta: { route: '/onboarding/intro' },
      on: {
        RETRIED: { target: 'saving', description: 'The customer tries again: saving as seen once more.' },
        SKIPPED: { target: 'saving', description: 'The customer skips: saving as seen once more.' },
      },
    },
    introFinished: {
      description: 'On to push notifications, the next page of onboarding: they are set up per device.',
      type: 'final',
      tags: ['pushNext'],
      meta: { route: '/onboarding/push-notifications' },
    },
    done: {
      description: 'The intro is over: the home page opens.',
      type: 'final',
      meta: { route: '/' },
    },
  },
});
