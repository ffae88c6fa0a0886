import { useTranslation } from 'react-i18next';
import { connectRegistration } from '../../../machines/registration/registration.view';
import { useConnect } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { useRegistration } from './useRegistration';

/** The optional promo code; a refused code is explained and stays in the field. */
export function RegisterPromoCodeScreen() {
  const { t } = useTranslation();
  const { promoCode, failure, busy, typePromo, submitPromo, skipPromo } = useConnect(useRegistration('promoCode'), connectRegistration);
  const error = failure ? failureText(t, 'register.promo.errors', failure) : null;

  return (
    <Form busy={busy} onSubmit={submitPromo}>
      <p className="page-lead">{t('screens.registerPromoCode.lead')}</p>
      <TextField
        label={t('register.promo.label')}
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        value={promoCode}
        onChange={(e) => typePromo(e.target.value)}
        error={error}
      />
      <Button variant="primary" block type="submit" busy={busy}>
        {busy ? t('register.promo.applying') : t('register.promo.apply')}
      </Button>
      <Button block disabled={busy} onClick={skipPromo}>
        {t('register.promo.skip')}
      </Button>
    </Form>
  );
}
