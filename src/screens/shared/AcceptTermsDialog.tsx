import { useTranslation } from 'react-i18next';
import { TERMS_VERSION } from '../../../contract/terms';
import { connectAcceptTerms } from '../../../machines/acceptTerms/acceptTerms.view';
import { useConnect, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
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
  const view = useConnect(useSystem().acceptTerms, connectAcceptTerms);
  return (
    <Sheet
      open={view.open}
      dismissible={!view.busy}
      onClose={view.decline}
      icon={<Icon name="shield" />}
      title={t('legal.accept.title')}
      description={t('legal.accept.body', { version: TERMS_VERSION })}
    >
      <LegalLinks newTab />
      <FormAlert>{view.failure ? `${t('legal.accept.failed')} ${failureText(t, 'errors', view.failure)}` : null}</FormAlert>
      <div className="button-row">
        <Button variant="primary" busy={view.busy} onClick={view.accept}>
          {t('legal.accept.accept')}
        </Button>
        <Button disabled={view.busy} onClick={view.decline}>
          {t('legal.accept.later')}
        </Button>
      </div>
    </Sheet>
  );
}
