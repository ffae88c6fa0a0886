import type { SnapshotFrom } from 'xstate';
import { INTRO_SLIDES, type onboardingMachine } from './onboarding.machine';

/** What the intro carousel shows. */
export function onboardingView(snapshot: SnapshotFrom<typeof onboardingMachine>) {
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
  };
}
