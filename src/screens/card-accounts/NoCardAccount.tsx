import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';

/** The cards, collateral and card-activity screens without a card account: the way to open or choose one. */
export function NoCardAccount({ body }: { body?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <EmptyState
      icon={<Icon name="card" />}
      title={t('activities.card.noneTitle')}
      body={body ?? t('cardAccounts.noneBody')}
      action={
        <Link className="button button--primary" to={localize('/card-accounts')}>
          {t('activities.card.choose')}
        </Link>
      }
    />
  );
}
