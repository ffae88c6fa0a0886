import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inviteMachine } from '../../../machines/invite/invite.machine';
import { connectInvite } from '../../../machines/invite/invite.view';
import { inviteActors } from '../../app/actors/invite';
import { profileApi } from '../../api/profile';
import { useApi, useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { formatAmount } from '../../ui/money';
import { QrCode } from '../../ui/QrCode';
import { deviceCanShare } from '../../ui/ShareButton';
import { useUiLocale } from '../../ui/useUiLocale';
import { inviteQuery } from './inviteQuery';

/** The invitation link of `code`, opening sign-up in the page's language. */
export function inviteLink(code: string, registerPath: string): string {
  return `${window.location.origin}${registerPath}?ref_code=${encodeURIComponent(code)}`;
}

/**
 * /profile/invite: the code, the link, its QR code, and Share (the device's sheet) or Copy — the invite
 * statechart. Not the kit's ShareButton: here Share is always offered, the statechart copying the link
 * where there is no sheet or it fails, and saying what happened.
 */
export function InviteScreen() {
  const { t } = useTranslation();
  const api = useApi(profileApi);
  const localize = useLocalize();
  const locale = useUiLocale();
  const invite = useQuery(inviteQuery(api));
  const view = useConnect(
    useFlowActor(inviteMachine, (host) => inviteActors(host, () => t('invite.shareText'))),
    connectInvite,
  );
  const id = useId();

  if (invite.isError) {
    return (
      <div className="stack">
        <p role="alert">{t('invite.loadFailed')}</p>
        <Button onClick={() => void invite.refetch()}>{t('invite.retry')}</Button>
      </div>
    );
  }
  if (!invite.data) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  const { code, reward } = invite.data;
  const link = inviteLink(code, localize('/register'));

  return (
    <div className="stack">
      <p className="page-lead">
        {t('invite.reward', {
          amount: formatAmount(reward.amount, reward.asset, locale),
          threshold: formatAmount(reward.depositThresholdUsd, 'USD', locale),
        })}
      </p>
      <section className="card stack invite-card" aria-labelledby={id}>
        <h2 id={id}>{t('invite.code')}</h2>
        <p className="invite-code">
          <bdi dir="ltr">{code}</bdi>
        </p>
        <QrCode text={link} label={t('invite.qr')} />
        <h3>{t('invite.link')}</h3>
        <p className="invite-link">
          <bdi dir="ltr">{link}</bdi>
        </p>
        <div className="button-row">
          <Button
            variant="primary"
            busy={view.busy}
            // Asked on the press, not at render: what the device offers then is what counts.
            onClick={() => view.share(link, deviceCanShare())}
          >
            {t('invite.share')}
          </Button>
          <Button disabled={view.busy} onClick={() => view.copy(link)}>
            {t('invite.copy')}
          </Button>
        </div>
        <p role="status" aria-live="polite" className="notice">
          {view.outcome ? t(`invite.${view.outcome}`) : null}
        </p>
      </section>
      <Link className="button button--block" to={localize('/profile/invite/dashboard')}>
        {t('invite.dashboardLink')}
      </Link>
    </div>
  );
}
