import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AccountAmount, BalancesError, HideBalancesToggle, RateChange, type ValuedAccount } from '../shared/Balances';
import { useBalances } from '../shared/useBalances';
import { useAccountName } from '../shared/useAccountName';
import { OpenAccount } from '../shared/OpenAccount';
import { TextSkeleton } from '../../ui/Skeleton';

/** /accounts: the fiat and crypto accounts with their balances (from the balances machine), and opening one. */
export function AccountsScreen() {
  const { t } = useTranslation();
  const { summary } = useBalances();
  const fiat = summary?.fiat.accounts_limit_balances ?? null;
  const crypto = summary?.crypto.utgl.coin_balances ?? null;
  return (
    <div className="stack">
      <div className="section-head">
        <p className="page-lead">{t('screens.accounts.lead')}</p>
        <HideBalancesToggle />
      </div>
      <BalancesError />
      <AccountList title={t('accounts.fiat')} accounts={fiat} />
      <AccountList title={t('accounts.crypto')} accounts={crypto} />
      {summary ? <OpenAccount held={[...fiat!, ...crypto!].map((account) => account.currency)} show /> : null}
    </div>
  );
}

function AccountList({ title, accounts }: { title: string; accounts: ValuedAccount[] | null }) {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const localize = useLocalize();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {accounts === null ? (
        <ListRows hidden>
          {[0, 1].map((row) => (
            <ListRow key={row} label={<TextSkeleton />} />
          ))}
        </ListRows>
      ) : accounts.length ? (
        <ListRows label={title}>
          {accounts.map((account) => (
            <ListRow
              key={account.id}
              testId="account-row"
              label={nameOf(account)}
              hint={[account.currency, <RateChange key="change" account={account} />]}
              end={<AccountAmount account={account} />}
              link={(content) => <Link to={localize(`/accounts/${account.id}`)}>{content}</Link>}
            />
          ))}
        </ListRows>
      ) : (
        <p className="hint-text">{t('accounts.none')}</p>
      )}
    </section>
  );
}
