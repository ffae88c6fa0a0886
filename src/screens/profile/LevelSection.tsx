import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITED_OPERATIONS } from '../../../contract/fields';
import { isPositive } from '../../../contract/decimal';
import type { DepositLevel } from '../../../contract/users';
import { profileApi } from '../../api/profile';
import { useApi } from '../../app/context';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { unwrap } from '../../app/actors/unwrap';
import { TextSkeleton } from '../../ui/Skeleton';

/**
 * The customer's level (issue 12): what it allows per operation, and what the next one needs — the
 * deposits still missing, or the identity check when that is what holds the customer back.
 */
export function LevelSection() {
  const { t } = useTranslation();
  const api = useApi(profileApi);
  const id = useId();
  const locale = useUiLocale();
  const usd = (amount: string) => formatAmount(amount, 'USD', locale);
  const levels = useQuery({
    queryKey: ['depositLevels'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getDepositLevels({ signal }));
    },
  });
  const data = levels.data;
  // The server names its levels in English; a level added there without a translation keeps that name.
  const levelName = (level: number, name: string) => t(`levels.names.${level}`, { defaultValue: name });
  const current = data?.levels.find((level) => level.level === data.currentLevel);
  /**
   * Each operation's limits, a day's and a month's on lines of their own: in one line they wrapped where the
   * amounts' lengths decided, so the rows loaded taller or shorter than their stand-ins and moved Log out.
   * While they load, a line of shimmer each.
   */
  const allows = (limits: DepositLevel['limits'] | null) => (
    <>
      <h3>{t('profile.level.allows')}</h3>
      <dl className="fact-list">
        {LIMITED_OPERATIONS.map((operation) => (
          <div className="fact fact--lines" key={operation}>
            <dt>{t(`profile.level.operation.${operation}`)}</dt>
            <dd className="amount">
              <span>{limits ? t('profile.level.perDay', { amount: usd(limits[operation].daily) }) : <TextSkeleton />}</span>
              <span>{limits ? t('profile.level.perMonth', { amount: usd(limits[operation].monthly) }) : <TextSkeleton />}</span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
  return (
    <section className="card stack" aria-labelledby={id} aria-busy={(!levels.isError && !current) || undefined} data-testid="profile-level">
      <h2 id={id}>{t('profile.level.title')}</h2>
      {levels.isError ? (
        <p role="alert">{t('profile.level.loadFailed')}</p>
      ) : !data || !current ? (
        // The lines a customer who has a next level to reach sees, shimmering: what is below (Log out) does
        // not move when they arrive, unless the level turns out to be the highest.
        <>
          <p className="level-current">
            <TextSkeleton />
          </p>
          {allows(null)}
          <div className="stack" aria-hidden="true">
            <h3>
              <TextSkeleton />
            </h3>
            <div className="progress" />
            {/* Their own words as stand-ins, which wrap as they will (Arabic's KYC line takes two at phone width). */}
            <p>
              <TextSkeleton standIn={t('profile.level.remaining', { amount: usd('1000') })} />
            </p>
            <p>
              <TextSkeleton standIn={t('profile.level.kycRequired')} />
            </p>
          </div>
        </>
      ) : (
        <>
          <p className="level-current">
            {t('profile.level.current', { level: current.level, name: levelName(current.level, current.name) })}
          </p>
          {allows(current.limits)}
          {data.next ? (
            <div className="stack">
              <h3>{t('profile.level.next', { level: data.next.level, name: levelName(data.next.level, data.next.name) })}</h3>
              <div
                className="progress"
                role="progressbar"
                aria-label={t('profile.level.progress', { level: data.next.level })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(data.next.progressPercent)}
              >
                <span style={{ inlineSize: `${data.next.progressPercent}%` }} />
              </div>
              {isPositive(data.next.remaining) ? <p>{t('profile.level.remaining', { amount: usd(data.next.remaining) })}</p> : null}
              {data.kycRequired ? <p>{t('profile.level.kycRequired')}</p> : null}
            </div>
          ) : (
            <p>{t('profile.level.highest')}</p>
          )}
        </>
      )}
    </section>
  );
}
