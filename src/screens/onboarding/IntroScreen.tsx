import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INTRO_SLIDES, onboardingMachine } from '../../../machines/onboarding/onboarding.machine';
import { connectOnboarding } from '../../../machines/onboarding/onboarding.view';
import { onboardingActors } from '../../app/actors/onboarding';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { useUiLocale } from '../../ui/useUiLocale';
import { RTL_LOCALES } from '../../../contract/locales';
import { failureText } from '../../ui/failureText';

/** A horizontal move of at least this many pixels is a swipe. */
const SWIPE_PX = 40;

/**
 * /onboarding/intro: the onboarding statechart's carousel. Arrow keys and swipes follow the reading
 * direction (in Arabic the next slide is to the left); the dots are tabs.
 */
export function IntroScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const rtl = RTL_LOCALES.has(useUiLocale());
  const flow = useFlowActor(onboardingMachine, onboardingActors);
  const view = useConnect(flow, connectOnboarding);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (view.finished) void navigate(localize(view.next), { replace: true });
  }, [view.finished, view.next, navigate, localize]);

  if (view.loading || view.finished) return <div className="skeleton skeleton--block" aria-hidden="true" />;

  const forward = (towardsEnd: boolean) => (towardsEnd ? view.forward() : view.previous());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    forward((event.key === 'ArrowRight') !== rtl);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(moved) >= SWIPE_PX) forward(moved < 0 !== rtl);
  };
  const slideKey = `onboarding.slides.${view.slideName}` as const;

  return (
    <div className="stack intro">
      <section
        className="card intro-slide"
        aria-roledescription="carousel"
        aria-label={t('onboarding.carousel')}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={t('onboarding.slideOf', { number: view.slide + 1, count: view.count })}
          aria-live="polite"
          className="stack"
          id="intro-slide"
        >
          <span className={`intro-art intro-art--${view.slideName}`} aria-hidden="true" />
          <h2>{t(`${slideKey}.title`)}</h2>
          <p>{t(`${slideKey}.body`)}</p>
        </div>
        <p className="hint">{t('onboarding.hint')}</p>
      </section>
      <div role="tablist" className="intro-dots" aria-label={t('onboarding.carousel')}>
        {INTRO_SLIDES.map((name, index) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="intro-dot"
            aria-selected={index === view.slide}
            aria-controls="intro-slide"
            aria-label={t('onboarding.slideOf', { number: index + 1, count: view.count })}
            onClick={() => view.choose(index)}
          />
        ))}
      </div>
      <FormAlert>{view.failure ? failureText(t, 'errors', view.failure) : null}</FormAlert>
      <div className="button-row intro-buttons">
        {view.failure ? (
          <Button variant="primary" busy={view.busy} onClick={view.retry}>
            {t('onboarding.tryAgain')}
          </Button>
        ) : (
          <Button variant="primary" busy={view.busy} onClick={view.forward}>
            {view.isLast ? t('onboarding.start') : t('onboarding.next')}
          </Button>
        )}
        {view.isFirst ? null : (
          <Button disabled={view.busy} onClick={view.previous}>
            {t('onboarding.back')}
          </Button>
        )}
        <Button disabled={view.busy} onClick={view.skip}>
          {t('onboarding.skip')}
        </Button>
      </div>
    </div>
  );
}
