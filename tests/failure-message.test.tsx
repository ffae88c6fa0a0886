// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import type { Locale } from '../contract';
import type { Failure } from '../machines/parts/failure';
import { SystemContext } from '../src/app/context';
import type { AppSystem } from '../src/app/system';
import type { ReactElement } from 'react';
import { SocialButtons } from '../src/screens/auth/SocialSignInScreen';
import { KycUnavailable } from '../src/screens/kyc/shared';
import { FailureMessage } from '../src/screens/shared/FailureMessage';
import { messagesIn } from './translate';

/** What the message (or `view`) renders in `locale`: its text and where its links go. */
async function shown(failure: Failure, locale: Locale, view: ReactElement = <FailureMessage scope="cards.errors" failure={failure} />) {
  const i18n = await messagesIn(locale);
  const language = createActor(setup({}).createMachine({ context: { locale } })).start();
  const html = renderToStaticMarkup(
    <SystemContext.Provider value={{ language } as unknown as AppSystem}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{view}</MemoryRouter>
      </I18nextProvider>
    </SystemContext.Provider>,
  );
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return { text: body.textContent, links: [...body.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]) };
}

describe('a refusal for an unverified e-mail address', () => {
  it('leads to the verification step, in the customer’s language', async () => {
    expect(await shown({ code: 'email_unverified' }, 'en')).toEqual({
      text: 'Verify your e-mail address first: this is available once it is verified. Verify e-mail address',
      links: [['Verify e-mail address', '/register/verify-email']],
    });
    const arabic = await shown({ code: 'email_unverified' }, 'ar');
    expect(arabic.links).toEqual([[expect.stringMatching(/\p{Script=Arabic}/u), '/ar/register/verify-email']]);
  });

  it('leads there from the KYC steps too', async () => {
    const failure: Failure = { code: 'email_unverified' };
    const kyc = await shown(failure, 'de', <KycUnavailable failure={failure} onRetry={() => {}} />);
    expect(kyc.links).toEqual([[expect.any(String), '/de/register/verify-email']]);
  });

  it('adds nothing to other refusals', async () => {
    expect((await shown({ code: 'network_error' }, 'en')).links).toEqual([]);
  });
});

// Issue 24 item 10: the terms are linked wherever they are accepted, a first Google or Apple sign-in too.
describe('"Continue with Google / Apple"', () => {
  it('links the terms and the privacy notice its sentence accepts, in the customer’s language', async () => {
    const english = await shown({ code: 'unknown' }, 'en', <SocialButtons />);
    expect(english.text).toContain('By continuing with Google or Apple you accept');
    expect(english.links.slice(-2)).toEqual([
      ['Account terms', '/terms'],
      ['Privacy notice', '/privacy'],
    ]);
    const arabic = await shown({ code: 'unknown' }, 'ar', <SocialButtons />);
    expect(arabic.links.slice(-2).map(([, href]) => href)).toEqual(['/ar/terms', '/ar/privacy']);
  });

  // Issue 24 item 30: with one provider configured the sentence named both.
  it.each([
    ['google', 'en', 'By continuing with Google you accept'],
    ['apple', 'en', 'By continuing with Apple you accept'],
    ['google apple', 'en', 'By continuing with Google or Apple you accept'],
    ['apple', 'ar', 'بالمتابعة باستخدام Apple فإنك توافق'],
    ['google apple', 'ar', 'بالمتابعة باستخدام Google أو Apple فإنك توافق'],
  ] as [string, Locale, string][])(
    'with %s configured names exactly that in its consent sentence (%s)',
    async (configured, locale, sentence) => {
      document.documentElement.dataset.social = configured;
      try {
        const { text } = await shown({ code: 'unknown' }, locale, <SocialButtons />);
        expect(text).toContain(sentence);
      } finally {
        delete document.documentElement.dataset.social;
      }
    },
  );
});
