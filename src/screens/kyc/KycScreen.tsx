import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kycMachine } from '../../../machines/kyc/kyc.machine';
import { kycView } from '../../../machines/kyc/kyc.view';
import { kycActors } from '../../app/actors/kyc';
import { useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { KycFailure, KycUnavailable } from './shared';
import './kyc.css';

/** /kyc: the overall status, each step with its own, and “Submit for review” once all are done. */
export function KycScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const flow = useFlowActor(kycMachine, kycActors);
  const view = useSelector(flow, kycView, shallowEqual);
  const id = useId();

  if (view.loading) return <ScreenSkeleton label={t('kyc.loading')} />;
  if (view.unavailable) return <KycUnavailable failure={view.failure} onRetry={() => flow.send({ type: 'RETRY' })} />;
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
          <div className="form-alert" role="alert" aria-live="assertive">
            {view.failure ? <KycFailure failure={view.failure} /> : null}
          </div>
          <Button variant="primary" block busy={view.busy} disabled={!view.canSubmit} onClick={() => flow.send({ type: 'SUBMITTED' })}>
            {view.busy ? t('kyc.submitting') : t('kyc.submit')}
          </Button>
          {view.canSubmit ? null : <p className="hint">{t('kyc.submitHint')}</p>}
        </div>
      ) : null}
    </div>
  );
}
