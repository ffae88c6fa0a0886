import { describe, expect, it } from 'vitest';
import { inviteMachine } from '../machines/invite/invite.machine';
import { connectInvite } from '../machines/invite/invite.view';
import { onboardingMachine } from '../machines/onboarding/onboarding.machine';
import { connectOnboarding } from '../machines/onboarding/onboarding.view';
import { matchesQuery, searchable } from '../src/screens/help/helpContent';

describe('the invite view', () => {
  const sent: unknown[] = [];
  const at = (value: unknown) =>
    connectInvite(inviteMachine.resolveState({ value: value as never, context: { link: 'https://x/?ref_code=A' } }), (event) =>
      sent.push(event),
    );

  it('says the last outcome, and is busy while the sheet or the clipboard works', () => {
    expect(at({ ready: 'idle' })).toMatchObject({ busy: false, outcome: null });
    expect(at({ ready: 'copied' })).toMatchObject({ busy: false, outcome: 'copied' });
    expect(at({ ready: 'shared' })).toMatchObject({ busy: false, outcome: 'shared' });
    expect(at({ ready: 'copyFailed' })).toMatchObject({ busy: false, outcome: 'copyFailed' });
    expect(at('sharing')).toMatchObject({ busy: true, outcome: null });
    expect(at('copying')).toMatchObject({ busy: true, outcome: null });
  });

  it('shares or copies the link as the machine’s events, with whether the device offers a share sheet', () => {
    const view = at({ ready: 'idle' });
    view.share('https://x/?ref_code=A', false);
    view.copy('https://x/?ref_code=A');
    expect(sent).toEqual([
      { type: 'SHARE_REQUESTED', link: 'https://x/?ref_code=A', canShare: false },
      { type: 'COPY_REQUESTED', link: 'https://x/?ref_code=A' },
    ]);
  });
});

describe('the onboarding view', () => {
  const sent: unknown[] = [];
  const at = (value: unknown, slide = 0, failure: { code: string } | null = null) =>
    connectOnboarding(onboardingMachine.resolveState({ value: value as never, context: { slide, failure } }), (event) => sent.push(event));

  it('shows the slide with first and last marked, loading while checking, finished when done', () => {
    expect(at('checking')).toMatchObject({ loading: true, finished: false });
    expect(at('showing', 0)).toMatchObject({ slide: 0, slideName: 'accounts', count: 3, isFirst: true, isLast: false, busy: false });
    expect(at('showing', 2)).toMatchObject({ slideName: 'secure', isFirst: false, isLast: true });
    expect(at('saving', 1)).toMatchObject({ busy: true, slideName: 'move' });
    expect(at('saveFailed', 1, { code: 'network_error' })).toMatchObject({ failure: { code: 'network_error' }, busy: false });
    expect(at('done')).toMatchObject({ finished: true, next: '/' });
  });

  it('goes on to push notifications once the intro is finished or skipped', () => {
    expect(at('introFinished', 2)).toMatchObject({ finished: true, next: '/onboarding/push-notifications' });
  });

  it('moves through the slides, chooses one, skips and retries as the machine’s events', () => {
    const view = at('showing', 1);
    view.forward();
    view.previous();
    view.choose(2);
    view.skip();
    view.retry();
    expect(sent).toEqual([
      { type: 'NEXT' },
      { type: 'PREVIOUS' },
      { type: 'SLIDE_CHOSEN', slide: 2 },
      { type: 'SKIPPED' },
      { type: 'RETRIED' },
    ]);
  });
});

describe('help search', () => {
  it('ignores case and accents', () => {
    expect(matchesQuery('Vérification d’identité', 'verification', 'fr')).toBe(true);
    expect(matchesQuery('Как открыть счёт?', 'СЧЕТ', 'ru')).toBe(true);
    expect(matchesQuery('¿Cómo añado dinero?', 'anado DINERO', 'es')).toBe(true);
    expect(searchable('İSTANBUL', 'en')).toBe('istanbul');
  });

  it('needs every word, anywhere', () => {
    expect(matchesQuery('How do I add money?', 'money add', 'en')).toBe(true);
    expect(matchesQuery('How do I add money?', 'money crypto', 'en')).toBe(false);
    expect(matchesQuery('anything', '   ', 'en')).toBe(true);
  });

  it('finds substrings in Thai and Chinese, written without spaces', () => {
    expect(matchesQuery('ฉันจะเปลี่ยนภาษาได้อย่างไร', 'ภาษา', 'th')).toBe(true);
    expect(matchesQuery('如何更改语言？', '语言', 'zh')).toBe(true);
    expect(matchesQuery('如何更改语言？', '密码', 'zh')).toBe(false);
  });
});
