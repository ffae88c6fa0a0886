import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity } from '../../../../contract/activities';
import { compare } from '../../../../contract/decimal';
import { Link } from 'react-router';
import { useLocale, useLocalize } from '../../../app/context';
import { formatDate } from '../../../i18n/format';
import { useCounterparty } from '../../../ui/ActivityRow';
import { Money } from '../../../ui/Money';
import type { AccountChoice } from './useAccountChoices';

/** One activity in full: what, who, how much (and the other side of an exchange), when, on which account. */
export function ActivityFacts({ activity, accounts }: { activity: Activity; accounts: AccountChoice[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalize();
  const account = accounts.find((candidate) => candidate.id === activity.accountId);
  const counterparty = useCounterparty(activity);
  // An exchange's other account is already its "exchanged for" line; the rest are further sides.
  const otherLegs = activity.legs.filter(
    (leg) =>
      !(leg.currency === activity.counterCurrency && activity.counterAmount !== null && compare(leg.amount, activity.counterAmount) === 0),
  );
  const facts: [string, ReactNode][] = [
    [t('activities.detail.type'), t(`activities.type.${activity.type}`)],
    // A recurring buy's run: where the plan that made it is paused or cancelled.
    ...(activity.recurringBuy
      ? ([
          [
            t('activities.detail.recurringBuy'),
            <Link to={localize('/recurring-buys')} data-testid="activity-recurring-buy">
              {t('activities.detail.recurringBuyLink')}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      t('activities.detail.status'),
      // Money another customer sent that waits over the receiver's limit: what releases it.
      activity.type === 'money_received' && activity.status === 'pending'
        ? t('sendMoney.sent.heldReceipt')
        : t(`activities.status.${activity.status}`),
    ],
    // A payout the bank sent back: why, in the customer's words.
    ...(activity.returnReason
      ? ([[t('activities.detail.returnReason'), t(`withdraw.bank.returnReasons.${activity.returnReason}`)]] as [string, ReactNode][])
      : []),
    [t('activities.detail.counterparty'), counterparty ?? t('activities.detail.none')],
    [t('activities.detail.reference'), activity.reference ? <bdi>{activity.reference}</bdi> : t('activities.detail.none')],
    [t('activities.detail.amount'), <Money amount={activity.amount} asset={activity.currency} signed />],
    ...(activity.counterAmount !== null && activity.counterCurrency !== null
      ? ([[t('activities.detail.counterAmount'), <Money amount={activity.counterAmount} asset={activity.counterCurrency} signed />]] as [
          string,
          ReactNode,
        ][])
      : []),
    [
      t('activities.detail.usdValue'),
      activity.usdValue !== null ? <Money amount={activity.usdValue} asset="USD" /> : t('activities.detail.unknown'),
    ],
    [t('activities.detail.date'), formatDate(new Date(activity.createdAt), locale, { dateStyle: 'full', timeStyle: 'medium' })],
    [t('activities.detail.account'), account ? account.name : activity.currency],
    // The other sides of the same action (a repayment's card account, an exchange's other account).
    ...(otherLegs.length > 0
      ? ([
          [
            t('activities.detail.legs'),
            <ul className="fact-legs">
              {otherLegs.map((leg) => (
                <li key={leg.id} data-testid="activity-detail-leg">
                  {accounts.find((candidate) => candidate.id === leg.accountId)?.name ?? leg.currency}{' '}
                  <Money amount={leg.amount} asset={leg.currency} signed />
                </li>
              ))}
            </ul>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <dl className="fact-list" data-testid="activity-detail">
      {facts.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
