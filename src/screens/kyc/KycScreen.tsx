import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kycMachine } from '../../../machines/kyc/kyc.machine';
import { connectKyc } from '../../../machines/kyc/kyc.view';
import { kycActors } from '../../app/actors/kyc';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { KycFailure, KycUnavailable } from './shared';
import './kyc.css';

/** /kyc: the overall status, each step with its own, and “Submit for review” once all are done. */
export function KycScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const view = useConnect(useFlowActor(kycMachine, kycActors), connectKyc);
  const id = useId();

  if (view.loading) return <ScreenSkeleton label={t('kyc.loading')} />;
  if (view.unavailable) return <KycUnavailable failure={view.failure} onRetry={view.retry} />;
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.kyc.lead')}</p>
      <section className={`card stack kyc-status kyc-status--${view.status}`} aria-labelledby={`${id}-status`} data-testid="kyc-status">
        <h2 id={`${id}-status`}>{t(`kyc.status.${view.status}.title`)}</h2>
        <p>{t(`kyc.status.${view.status}.body`)}</p>
        {view.reason ? (
          <p className="kyc-reason">
            <strong>{t('kyc.reason')}</strong> {view.reason}
          </p>
        ) : null}
      </section>
      <ListRows label={t('kyc.stepsLabel')}>
        {view.steps.map(({ step, status }) => (
          <ListRow
            key={step}
            testId={`kyc-step-${step}`}
            label={t(`kyc.steps.${step}`)}
            hint={t(`kyc.stepStatus.${status}`)}
            end={<Icon name="chevron" />}
            link={(content) => <Link to={localize(`/kyc/${step}`)}>{content}</Link>}
          />
        ))}
      </ListRows>
      {view.editable ? (
        <div className="stack">
          <FormAlert>{view.failure ? <KycFailure failure={view.failure} /> : null}</FormAlert>
          <Button variant="primary" block busy={view.busy} disabled={!view.canSubmit} onClick={view.submit}>
            {view.busy ? t('kyc.submitting') : t('kyc.submit')}
          </Button>
          {view.canSubmit ? null : <p className="hint">{t('kyc.submitHint')}</p>}
        </div>
      ) : null}
    </div>
  );
}
