import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CardCredit } from '../../../contract/cards';
import { toFailure } from '../../../machines/parts/failure';
import { openCardAccountMachine } from '../../../machines/openCardAccount/openCardAccount.machine';
import { openCardAccountActors } from '../../app/actors/openCardAccount';
import { useLocalize } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Money } from '../../ui/Money';
import { failureText } from '../../ui/failureText';
import { storeCardAccountId, storedCardAccountId, useCardAccounts } from '../../app/selectedCardAccount';
import './cards.css';
import { useAccountName } from '../shared/useAccountName';
import { FailureMessage } from '../shared/FailureMessage';
import { TextSkeleton } from '../../ui/Skeleton';

/**
 * `/card-accounts`: the customer's card account (one in euros, a credit line against crypto collateral),
 * opened here, and the one the cards, collateral and activity screens are about, chosen and kept on the device.
 */
export function CardAccountsScreen() {
  const { t } = useTranslation();
  const accounts = useCardAccounts();
  const [chosen, setChosen] = useState(storedCardAccountId);
  const choose = (id: string) => {
    storeCardAccountId(id);
    setChosen(id);
  };
  if (accounts.isError) return <LoadFailed error={accounts.error} retry={() => void accounts.refetch()} />;
  const list = accounts.data;
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.cardAccounts.lead')}</p>
      {list === undefined ? (
        <ListRows hidden>
          <ListRow label={<TextSkeleton />} />
        </ListRows>
      ) : list.length === 0 ? (
        <OpenCardAccount />
      ) : (
        <ListRows label={t('cardAccounts.listLabel')}>
          {list.map((account) => (
            <CardAccountRow
              key={account.id}
              account={account}
              selected={account.id === chosen || (list.length === 1 && chosen === null)}
              onChoose={() => choose(account.id)}
            />
          ))}
        </ListRows>
      )}
    </div>
  );
}

function CardAccountRow({ account, selected, onChoose }: { account: CardCredit; selected: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const localize = useLocalize();
  return (
    <ListRow
      testId="card-account-row"
      label={nameOf({ currency: account.currency, card: true })}
      hint={[
        <span key="limit">
          {t('cardAccounts.limit')} <Money amount={account.creditLimit} asset={account.currency} />
        </span>,
        selected ? (
          <span key="selected" className="badge">
            {t('cardAccounts.selected')}
          </span>
        ) : null,
      ]}
      end={
        <span className="account-amount">
          <span className="visually-hidden">{t('cardAccounts.available')} </span>
          <Money amount={account.available} asset={account.currency} />
        </span>
      }
      link={(content) => (
        <Link to={localize(`/card-accounts/${account.id}`)} onClick={onChoose}>
          {content}
        </Link>
      )}
    />
  );
}

/** Opens the customer's card account (the server answers the existing one on a second call). */
function OpenCardAccount() {
  const { t } = useTranslation();
  const open = useWrite(openCardAccountMachine, openCardAccountActors);
  return (
    <EmptyState
      icon={<Icon name="card" />}
      title={t('cardAccounts.open.title')}
      body={
        <>
          {t('cardAccounts.open.body')}
          {open.failure ? (
            <span className="form-alert" role="alert">
              <FailureMessage scope="errors" failure={open.failure} />
            </span>
          ) : null}
        </>
      }
      action={
        <Button variant="primary" busy={open.busy} onClick={() => open.submit()}>
          {t('cardAccounts.open.submit')}
        </Button>
      }
    />
  );
}

/** A card-account query that failed: the reason and Try again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="form-alert" role="alert">
      {failureText(t, 'errors', toFailure(error))}{' '}
      <Button className="button--small" onClick={retry}>
        {t('balances.retry')}
      </Button>
    </p>
  );
}
