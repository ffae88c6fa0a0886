import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from '../machines/language/language.machine';
import type { Locale } from '../contract';

function start(input: { pathLocale: Locale; cookieLocale?: string; signedIn: boolean; saved?: string | null; loadFails?: boolean }) {
  const effects: string[] = [];
  const saved: Locale[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: {
        loadSavedLanguage: fromPromise<string | null, void>(async () => {
          if (input.loadFails) throw new Error('GET /user-settings failed');
          return input.saved ?? null;
        }),
        saveLanguage: fromPromise<void, { locale: Locale }>(async ({ input: { locale } }) => {
          saved.push(locale);
        }),
      },
      actions: {
        showLanguage: (_, { locale }) => effects.push(`show:${locale}`),
        moveToLocalePath: (_, { locale }) => effects.push(`move:${locale}`),
        rememberLanguage: (_, { locale }) => effects.push(`cookie:${locale}`),
      },
    }),
    { input: { pathLocale: input.pathLocale, cookieLocale: input.cookieLocale, signedIn: input.signedIn } },
  ).start();
  return { actor, effects, saved };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('language order of precedence', () => {
  it('uses the path locale when there is no cookie and no session', async () => {
    const { actor, effects } = start({ pathLocale: 'de', signedIn: false });
    expect((await ready(actor)).context.locale).toBe('de');
    expect(effects).toEqual(['show:de']);
  });

  it('a supported cookie beats the path', async () => {
    const { actor, effects } = start({ pathLocale: 'en', cookieLocale: 'fr', signedIn: false });
    expect((await ready(actor)).context.locale).toBe('fr');
    expect(effects).toEqual(['show:en', 'show:fr', 'move:fr']);
  });

  it('ignores an unsupported or empty cookie', async () => {
    for (const cookieLocale of ['pt', 'EN', '', 'de-DE', '../../x']) {
      const { actor, effects } = start({ pathLocale: 'ru', cookieLocale, signedIn: false });
      expect((await ready(actor)).context.locale).toBe('ru');
      expect(effects).toEqual(['show:ru']);
    }
  });

  it('the signed-in customer’s saved language beats the cookie, and is remembered', async () => {
    const { actor, effects } = start({ pathLocale: 'en', cookieLocale: 'fr', signedIn: true, saved: 'th' });
    expect((await ready(actor)).context.locale).toBe('th');
    expect(effects).toEqual(['show:en', 'show:fr', 'move:fr', 'show:th', 'move:th', 'cookie:th']);
  });

  it('an unsupported saved language or a failed load leaves the language as it is', async () => {
    for (const opts of [{ saved: 'pt' }, { saved: null }, { loadFails: true }]) {
      const { actor } = start({ pathLocale: 'es', signedIn: true, ...opts });
      expect((await ready(actor)).context.locale).toBe('es');
    }
  });

  it('applies the saved language after a later sign-in', async () => {
    const { actor } = start({ pathLocale: 'en', signedIn: false, saved: 'zh' });
    await ready(actor);
    actor.send({ type: 'SIGNED_IN' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.locale === 'zh');
  });
});

describe('switching the language', () => {
  it('moves the URL prefix, writes the cookie and saves the setting when signed in', async () => {
    const { actor, effects, saved } = start({ pathLocale: 'en', signedIn: true, saved: null });
    await ready(actor);
    effects.length = 0;
    actor.send({ type: 'LANGUAGE_CHOSEN', locale: 'ar' });
    await ready(actor);
    expect(actor.getSnapshot().context.locale).toBe('ar');
    expect(effects).toEqual(['show:ar', 'move:ar', 'cookie:ar']);
    expect(saved).toEqual(['ar']);
  });

  it('a choice made while the saved language is still loading wins over it', async () => {
    let release!: (saved: string) => void;
    const effects: string[] = [];
    const saved: Locale[] = [];
    const actor = createActor(
      languageMachine.provide({
        actors: {
          loadSavedLanguage: fromPromise<string | null, void>(() => new Promise((resolve) => (release = resolve))),
          saveLanguage: fromPromise<void, { locale: Locale }>(async ({ input: { locale } }) => {
            saved.push(locale);
          }),
        },
        actions: {
          showLanguage: (_, { locale }) => effects.push(`show:${locale}`),
          moveToLocalePath: (_, { locale }) => effects.push(`move:${locale}`),
          rememberLanguage: (_, { locale }) => effects.push(`cookie:${locale}`),
        },
      }),
      { input: { pathLocale: 'en', cookieLocale: undefined, signedIn: true } },
    ).start();
    expect(actor.getSnapshot().value).toBe('loadingSavedLanguage');
    actor.send({ type: 'LANGUAGE_CHOSEN', locale: 'de' });
    release('th');
    await ready(actor);
    expect(actor.getSnapshot().context.locale).toBe('de');
    expect(saved).toEqual(['de']);
    expect(effects).not.toContain('show:th');
  });

  it('does not call the server for a signed-out visitor', async () => {
    const { actor, saved } = start({ pathLocale: 'en', signedIn: false });
    await ready(actor);
    actor.send({ type: 'LANGUAGE_CHOSEN', locale: 'de' });
    await ready(actor);
    expect(actor.getSnapshot().context.locale).toBe('de');
    expect(saved).toEqual([]);
  });

  it('applies only one of the eight languages', async () => {
    const { actor, effects } = start({ pathLocale: 'en', signedIn: false });
    await ready(actor);
    effects.length = 0;
    actor.send({ type: 'LANGUAGE_CHOSEN', locale: 'pt' });
    actor.send({ type: 'LANGUAGE_CHOSEN', locale: 'en' });
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(effects).toEqual([]);
  });

  it('follows a path of another locale opened by the visitor', async () => {
    const { actor, effects } = start({ pathLocale: 'en', signedIn: false });
    await ready(actor);
    effects.length = 0;
    actor.send({ type: 'PATH_LOCALE_CHANGED', locale: 'ru' });
    expect(actor.getSnapshot().context.locale).toBe('ru');
    expect(effects).toEqual(['show:ru']);
  });
});
