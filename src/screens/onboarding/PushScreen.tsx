import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pushMachine } from '../../../machines/push/push.machine';
import { connectPush } from '../../../machines/push/push.view';
import { pushActors } from '../../app/actors/push';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { failureText } from '../../ui/failureText';

/**
 * /onboarding/push-notifications: the push statechart's page. It explains, then asks the browser; where
 * push is off, unsupported or its SDK did not load, the page is never shown and the customer goes home.
 */
export function PushScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const flow = useFlowActor(pushMachine, pushActors);
  const view = useConnect(flow, connectPush);

  useEffect(() => {
    if (view.finished) void navigate(localize('/'), { replace: true });
  }, [view.finished, navigate, localize]);

  if (view.loading || view.finished) return <div className="skeleton skeleton--block" aria-hidden="true" />;

  const proceed = (
    <Button variant="primary" onClick={view.proceed}>
      {t('push.continue')}
    </Button>
  );
  const notNow = (
    <Button disabled={view.busy} onClick={view.skip}>
      {t('push.notNow')}
    </Button>
  );

  if (view.enabled) {
    return (
      <section className="card stack" data-testid="push-enabled" aria-live="polite">
        <h2>{t('push.enabledTitle')}</h2>
        <p>{t('push.enabledBody')}</p>
        <div className="button-row">{proceed}</div>
      </section>
    );
  }
  if (view.blocked) {
    return (
      <section className="card stack" data-testid="push-blocked" aria-live="polite">
        <h2>{t('push.blockedTitle')}</h2>
        <p>{t('push.blockedBody')}</p>
        <div className="button-row">{proceed}</div>
      </section>
    );
  }
  if (view.failed) {
    return (
      <section className="card stack" data-testid="push-failed">
        <h2>{t('push.failedTitle')}</h2>
        <p role="alert">
          {view.failure?.code === 'push_subscribe_failed' ? t('push.failedDevice') : failureText(t, 'errors', view.failure!)}
        </p>
        <div className="button-row">
          <Button variant="primary" busy={view.busy} onClick={view.retry}>
            {t('push.tryAgain')}
          </Button>
          {notNow}
        </div>
      </section>
    );
  }
  return (
    <section className="card stack" data-testid="push-explaining">
      <span className="push-art" aria-hidden="true">
        <Icon name="bell" />
      </span>
      <h2>{t('push.explainTitle')}</h2>
      <p>{t('push.explainBody')}</p>
      <ul className="push-tells">
        <li>{t('push.tellsMoney')}</li>
        <li>{t('push.tellsKyc')}</li>
        <li>{t('push.tellsSecurity')}</li>
      </ul>
      <div className="button-row">
        <Button variant="primary" busy={view.busy} onClick={view.enable}>
          {t('push.enable')}
        </Button>
        {notNow}
      </div>
    </section>
  );
}
