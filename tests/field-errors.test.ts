import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, refusalOf } from '../machines/parts/failure';
import { forgotPasswordMachine } from '../machines/forgotPassword/forgotPassword.machine';
import { createActor, fromPromise } from 'xstate';
import { readFileSync } from 'node:fs';

const LOCALES = Object.fromEntries(
  ['en', 'ar', 'de', 'es', 'fr', 'ru', 'th', 'zh'].map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../locales/${l}.json`, import.meta.url), 'utf8')) as {
      fieldErrors: { email: Record<string, string>; password: Record<string, string> };
    },
  ]),
);

/** The one field-error vocabulary (machines/parts/failure.ts) that the sign-up and reset forms share. */
describe('field errors', () => {
  it('reads the server’s field codes as the form’s, only for fields the form has', () => {
    expect(fieldErrorsOf({ code: 'email_taken' }, ['email', 'password'])).toEqual({ email: 'taken' });
    expect(fieldErrorsOf({ code: 'password_too_weak', fields: { password: 'Too easy' } }, ['password'])).toEqual({ password: 'too_weak' });
    expect(fieldErrorsOf({ code: 'email_taken' }, ['password'])).toEqual({});
    expect(
      fieldErrorsOf({ code: 'validation_failed', fields: { country: 'x', password: 'y', promo: 'z' } }, ['email', 'password', 'country']),
    ).toEqual({ password: 'invalid', country: 'invalid' });
    expect(fieldErrorsOf({ code: 'validation_failed' }, ['email'])).toEqual({});
    expect(fieldErrorsOf({ code: 'country_sanctioned', fields: { country: 'sanctioned' } }, ['email', 'country'])).toEqual({
      country: 'sanctioned',
    });
    expect(fieldErrorsOf({ code: 'rate_limited', retryAfterSeconds: 3 }, ['email'])).toEqual({});
  });

  it('shows a refusal next to its field or for the whole form, never both', () => {
    expect(refusalOf(Object.assign(new Error(''), { code: 'email_taken' }), ['email'])).toEqual({
      fieldErrors: { email: 'taken' },
      failure: null,
    });
    expect(refusalOf(Object.assign(new Error(''), { code: 'network_error' }), ['email'])).toEqual({
      fieldErrors: {},
      failure: { code: 'network_error' },
    });
  });

  /** The actors never settle here: only the form's own checks run. */
  const pending = <Output, Input>() => fromPromise<Output, Input>(() => new Promise<Output>(() => {}));

  it('the reset form keeps its field mistakes in that vocabulary', () => {
    const reset = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestCode: pending<{ resendAfterSeconds: number }, { email: string }>(),
          resendCode: pending<{ resendAfterSeconds: number }, { email: string }>(),
          resetPassword: pending<void, { email: string; code: string; password: string }>(),
        },
      }),
      {
        input: { signIn: '/login' },
      },
    ).start();
    reset.send({ type: 'EMAIL_SUBMITTED', email: 'ann@' });
    expect(reset.getSnapshot().context).toMatchObject({ fieldErrors: { email: 'invalid' }, failure: null });
    reset.send({ type: 'EMAIL_SUBMITTED', email: '  ' });
    expect(reset.getSnapshot().context).toMatchObject({ fieldErrors: { email: 'missing' }, failure: null });
    reset.send({ type: 'EMAIL_SUBMITTED', email: 'ann@meridian.test' });
    expect(reset.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('has a sentence for every code each field can get, in every locale', () => {
    for (const messages of Object.values(LOCALES)) {
      expect(Object.keys(messages.fieldErrors.email).sort()).toEqual(['invalid', 'missing', 'taken']);
      expect(Object.keys(messages.fieldErrors.password).sort()).toEqual(['invalid', 'missing', 'too_weak', 'weak']);
    }
    // Translated, not English copies.
    for (const [locale, messages] of Object.entries(LOCALES)) {
      if (locale !== 'en') expect(messages.fieldErrors.password.too_weak).not.toBe(LOCALES.en!.fieldErrors.password.too_weak);
    }
  });
});
