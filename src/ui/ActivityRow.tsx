import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity, ActivityType } from '../../contract/activities';
import { formatDate } from '../i18n/format';
import { Icon, type IconName } from './Icon';
import { ListRow } from './ListRow';
import { Money } from './Money';
import { useUiLocale } from './useUiLocale';

/** Types with a picture of their own; any other shows which way the money went, so a debit row looks like one. */
const TYPE_ICONS: Partial<Record<ActivityType, IconName>> = {
  exchange: 'exchange',
  card_payment: 'card',
  adjustment: 'adjust',
  liquidation: 'exchange',
};

const iconOf = (activity: Activity): IconName => TYPE_ICONS[activity.type] ?? (activity.amount.startsWith('-') ? 'arrowOut' : 'arrowIn');

/**
 * Who else took part, in the customer's language, or null when nobody did. A voucher's issuer is Meridian
 * itself, which the server names in English; a name or an address keeps its own direction inside a
 * right-to-left line.
 */
export function useCounterparty(activity: Pick<Activity, 'type' | 'counterparty'> | null): ReactNode {
  const { t } = useTranslation();
  if (!activity) return null;
  if (activity.type === 'voucher_redeemed') return t('activities.counterparty.voucher');
  return activity.counterparty ? <bdi>{activity.counterparty}</bdi> : null;
}

/**
 * What a row or a detail is titled: who else took part, else a recurring buy's run as such (it would
 * otherwise read as an exchange the customer does not remember making), else its type.
 */
export function useActivityTitle(activity: Pick<Activity, 'type' | 'counterparty' | 'recurringBuy'> | null): ReactNode {
  const { t } = useTranslation();
  const counterparty = useCounterparty(activity);
  if (!activity) return null;
  if (counterparty) return counterparty;
  if (activity.recurringBuy) return t('activities.recurringBuy', { asset: activity.recurringBuy.asset });
  return t(`activities.type.${activity.type}`);
}

export interface ActivityRowProps {
  activity: Activity;
  /** Opens the activity (its detail sheet). */
  onClick?: () => void;
  /** The row as a link instead (the home screen's last activities lead to /activities). */
  link?: (content: ReactNode) => ReactElement;
  /** A quieter line before the time: the day when rows are not grouped by day, an account's name. */
  context?: ReactNode;
}

/**
 * One activity as a list row: an icon of its type, its title (`useActivityTitle`) over the type (unless
 * that is the title) and time, and at the end the signed amount with a badge unless it completed.
 * The amount goes through Money, so hidden balances hide it too. Inside `ListRows`.
 */
export function ActivityRow({ activity, onClick, link, context }: ActivityRowProps) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const typeLabel = t(`activities.type.${activity.type}`);
  const time = formatDate(new Date(activity.createdAt), locale, { timeStyle: 'short' });
  const title = useActivityTitle(activity);
  const hint = [title !== typeLabel ? typeLabel : null, context, time].filter(Boolean);
  return (
    <ListRow
      testId="activity-row"
      onClick={onClick}
      link={link}
      label={
        <span className="activity-row">
          <span className={`activity-icon activity-icon--${iconOf(activity)}`}>
            <Icon name={iconOf(activity)} />
          </span>
          <span className="activity-text">
            <span className="activity-title">{title}</span>
            <span className="hint">
              {hint.map((part, index) => (
                <span key={index}>
                  {index > 0 ? ' · ' : null}
                  {part}
                </span>
              ))}
            </span>
          </span>
        </span>
      }
      end={
        <span className="activity-end">
          <span className={activity.amount.startsWith('-') ? 'activity-amount activity-amount--out' : 'activity-amount'}>
            <Money amount={activity.amount} asset={activity.currency} signed />
          </span>
          {/* The other side of a move between the customer's own accounts, inside the same row. */}
          {activity.legs.map((leg) => (
            <span key={leg.id} className="hint activity-leg" data-testid="activity-leg">
              <Money amount={leg.amount} asset={leg.currency} signed />
            </span>
          ))}
          {activity.status === 'completed' ? null : (
            <span className={`badge activity-status activity-status--${activity.status}`}>{t(`activities.status.${activity.status}`)}</span>
          )}
        </span>
      }
    />
  );
}
