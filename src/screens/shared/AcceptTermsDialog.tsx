import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { TERMS_VERSION } from '../../../contract/terms';
import { acceptTermsView } from '../../../machines/acceptTerms/acceptTerms.view';
import { useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Sheet } from '../../ui/Sheet';
import { failureText } from '../../ui/failureText';
import { LegalLinks } from './LegalLinks';

/**
 * "New account terms", when a money call was refused for an older acceptance (the acceptTerms machine).
 * The texts open in a new tab: the payment waits here for the answer.
 */
export function AcceptTermsDialog() {
  const { t } = useTranslation();
  const { acceptTerms } = useSystem();
  const view = useSelector(acceptTerms, acceptTermsView, shallowEqual);
  return (
    <Sheet
      open={view.open}
      dismissible={!view.busy}
      onClose={() => acceptTerms.send({ type: 'DECLINED' })}
      icon={<Icon name="shield" />}
      title={t('legal.accept.title')}
      description={t('legal.accept.body', { version: TERMS_VERSION })}
    >
      <LegalLinks newTab />
      <p className="form-alert" role="alert">
        {view.failure ? `${t('legal.accept.failed')} ${failureText(t, 'errors', view.failure)}` : null}
      </p>
      <div className="button-row">
        <Button variant="primary" busy={view.busy} onClick={() => acceptTerms.send({ type: 'ACCEPTED' })}>
          {t('legal.accept.accept')}
        </Button>
        <Button disabled={view.busy} onClick={() => acceptTerms.send({ type: 'DECLINED' })}>
          {t('legal.accept.later')}
        </Button>
      </div>
    </Sheet>
  );
}
