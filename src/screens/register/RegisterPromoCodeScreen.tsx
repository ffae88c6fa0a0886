import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../shared/failureText';
import { useRegistration } from './useRegistration';

const PROMO_FAILURES: ReadonlySet<string> = new Set(['promo_unknown', 'promo_expired', 'promo_already_redeemed', 'promo_malformed']);

/** The optional promo code; a refused code is explained and stays in the field. */
export function RegisterPromoCodeScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('promoCode');
  const code = useSelector(registration, (s) => s.context.promoCode);
  const failure = useSelector(registration, (s) => s.context.failure);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'PROMO_SUBMITTED' });
  };
  const error = failure ? failureText(t, 'register.promo.errors', PROMO_FAILURES, failure) : null;

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="page-lead">{t('screens.registerPromoCode.lead')}</p>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('register.promo.label')}</label>
        <input
          id={`${id}-code`}
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          value={code}
          onChange={(e) => registration.send({ type: 'PROMO_TYPED', code: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      </div>
      <button className="button button--primary button--block" type="submit" disabled={busy}>
        {busy ? t('register.promo.applying') : t('register.promo.apply')}
      </button>
      <button
        className="button button--secondary button--block"
        type="button"
        disabled={busy}
        onClick={() => registration.send({ type: 'PROMO_SKIPPED' })}
      >
        {t('register.promo.skip')}
      </button>
    </form>
  );
}
