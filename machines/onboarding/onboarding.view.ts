import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import { INTRO_SLIDES, type onboardingMachine } from './onboarding.machine';

type Onboarding = typeof onboardingMachine;

/** What the intro carousel shows, and what the customer may do with it. */
export function connectOnboarding(snapshot: SnapshotFrom<Onboarding>, send: Send<Onboarding>) {
  const { slide, failure } = snapshot.context;
  return {
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    /** The intro is over (finished, skipped, or seen before): the screen goes on to `next`. */
    finished: snapshot.status === 'done',
    /** Push notifications after the intro; home when it was seen before. */
    next: snapshot.hasTag('pushNext') ? '/onboarding/push-notifications' : '/',
    slide,
    slideName: INTRO_SLIDES[slide]!,
    count: INTRO_SLIDES.length,
    isFirst: slide === 0,
    isLast: slide === INTRO_SLIDES.length - 1,
    failure,
    /** The next slide, or the end of the intro from the last one. */
    forward: () => send({ type: 'NEXT' }),
    previous: () => send({ type: 'PREVIOUS' }),
    choose: (index: number) => send({ type: 'SLIDE_CHOSEN', slide: index }),
    skip: () => send({ type: 'SKIPPED' }),
    retry: () => send({ type: 'RETRIED' }),
  };
}
