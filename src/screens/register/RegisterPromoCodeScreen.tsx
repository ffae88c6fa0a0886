import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { useRegistration } from './useRegistration';

/** The optional promo code; a refused code is explained and stays in the field. */
export function RegisterPromoCodeScreen() {
  const { t } = useTranslation();
  const registration = useRegistration('promoCode');
  const code = useSelector(registration, (s) => s.context.promoCode);
  const failure = useSelector(registration, (s) => s.context.failure);
  const busy = useSelector(registration, (s) => s.hasTag('busy'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'PROMO_SUBMITTED' });
  };
  const error = failure ? failureText(t, 'register.promo.errors', failure) : null;

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="page-lead">{t('screens.registerPromoCode.lead')}</p>
      <TextField
        label={t('register.promo.label')}
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        value={code}
        onChange={(e) => registration.send({ type: 'PROMO_TYPED', code: e.target.value })}
        error={error}
      />
      <Button variant="primary" block type="submit" busy={busy}>
        {busy ? t('register.promo.applying') : t('register.promo.apply')}
      </Button>
      <Button block disabled={busy} onClick={() => registration.send({ type: 'PROMO_SKIPPED' })}>
        {t('register.promo.skip')}
      </Button>
    </form>
  );
}
