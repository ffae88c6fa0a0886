import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageAutonym } from '../../i18n/format';
import { connectSession } from '../../../machines/session/session.view';
import { useConnect, useMe, useSystem } from '../../app/context';
import { routeById } from '../../routes/table';
import { Button } from '../../ui/Button';
import { TextSkeleton } from '../../ui/Skeleton';
import { RouteLinks } from '../shared/RouteScreen';
import { LevelSection } from './LevelSection';

/** Who the customer is (name, e-mail, phone, identity check, language), their level, where the profile leads, and logging out. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { loggingOut, logOut } = useConnect(useSystem().session, connectSession);
  const id = useId();
  const customer = me.data;
  const name = customer ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') : '';
  // Undefined while the profile loads (the line shimmers in its place), null when not set. `oneLine`: a value
  // that keeps to its line however long (an e-mail address of 40 characters wrapped under its term at phone
  // width once loaded, moving everything below); the details page shows it whole.
  const facts: [term: string, value: string | null | undefined, ltr?: boolean, oneLine?: boolean][] = [
    [t('profile.name'), customer && (name || null)],
    [t('profile.email'), customer?.email, true, true],
    [t('profile.phone'), customer && (customer.phoneConfirmed ? customer.phone : null), true],
    [t('profile.kyc'), customer && t(`profile.kycStatus.${customer.kycStatus}`)],
    [t('profile.language'), customer && languageAutonym(customer.language)],
  ];
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profile.lead')}</p>
      {/* In its final lines while it loads: Log out below must not move under a press. */}
      <section className="card stack" aria-labelledby={id} aria-busy={!customer || undefined}>
        <h2 id={id}>{t('profile.facts')}</h2>
        <dl className="fact-list" data-testid="profile-facts">
          {facts.map(([term, value, ltr, oneLine]) => (
            <div className={oneLine ? 'fact fact--one-line' : 'fact'} key={term}>
              <dt>{term}</dt>
              <dd title={oneLine && value ? value : undefined}>
                {value === undefined ? <TextSkeleton /> : value === null ? t('profile.notSet') : ltr ? <bdi dir="ltr">{value}</bdi> : value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <LevelSection />
      <RouteLinks ids={routeById('profile').links ?? []} />
      <Button block busy={loggingOut} onClick={logOut}>
        {loggingOut ? t('profile.loggingOut') : t('profile.logOut')}
      </Button>
    </div>
  );
}
