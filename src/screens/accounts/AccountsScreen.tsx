import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Account } from '../../../contract/accounts';
import { ASSETS, type Asset } from '../../../contract/assets';
import { accountsApi } from '../../api/accounts';
import { useApi, useLocalize, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/TextField';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AccountAmount, BalancesError, HideBalancesToggle, RateChange, type ValuedAccount } from '../shared/Balances';
import { failureText } from '../../ui/failureText';
import { useBalances } from '../shared/useBalances';
import { useAccountName } from '../shared/useAccountName';
import { unwrap } from '../../app/actors/unwrap';
import type { Failure } from '../../../machines/failure';

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
      {summary ? <OpenAccount held={[...fiat!, ...crypto!].map((account) => account.currency)} /> : null}
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
            <ListRow key={row} label={<span className="skeleton skeleton--text">&nbsp;</span>} />
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

/** Opens an account in a currency the customer does not hold yet, then shows it. */
function OpenAccount({ held }: { held: string[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const { balances } = useSystem();
  const api = useApi(accountsApi);
  const available = ASSETS.filter((asset) => !held.includes(asset.code));
  const [currency, setCurrency] = useState<Asset | ''>('');
  const chosen = currency && available.some((asset) => asset.code === currency) ? currency : (available[0]?.code ?? '');
  const open = useMutation<Account, Failure, Asset>({
    mutationFn: async (code) => {
      return unwrap(api.openAccount({ currency: code }));
    },
    onSuccess: (account) => {
      balances.send({ type: 'BALANCES_REFRESH' });
      void navigate(localize(`/accounts/${account.id}`));
    },
  });
  const headingId = useId();
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('accounts.open.title')}
      </h2>
      {available.length ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) open.mutate(chosen);
          }}
        >
          <SelectField
            label={t('accounts.open.currency')}
            value={chosen}
            onChange={(event) => setCurrency(event.target.value as Asset)}
            options={available.map((asset) => (
              <option key={asset.code} value={asset.code}>
                {t(`accounts.open.kind.${asset.kind}`, { code: asset.code })}
              </option>
            ))}
          />
          {open.isError ? (
            <p className="form-alert" role="alert">
              {failureText(t, 'errors', open.error)}
            </p>
          ) : null}
          <Button type="submit" variant="primary" busy={open.isPending}>
            {t('accounts.open.submit')}
          </Button>
        </form>
      ) : (
        <p className="hint-text">{t('accounts.open.allHeld')}</p>
      )}
    </section>
  );
}
