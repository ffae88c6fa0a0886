import './balances.css';
import { useTranslation } from 'react-i18next';
import type { CoinBalance, AccountLimitBalance } from '../../../contract/accounts';
import { compare } from '../../../contract/decimal';
import { formatDate, formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Money } from '../../ui/Money';
import { useUiLocale } from '../../ui/useUiLocale';
import { useBalances, useBalancesErrorText } from './useBalances';

/** An account of the balances summary, fiat or crypto. */
export type ValuedAccount = CoinBalance | AccountLimitBalance;

/** The customer's accounts in the summary: fiat first, then the crypto free to spend. */
export function summaryAccounts(summary: {
  crypto: { utgl: { coin_balances: CoinBalance[] } };
  fiat: { accounts_limit_balances: AccountLimitBalance[] };
}): ValuedAccount[] {
  return [...summary.fiat.accounts_limit_balances, ...summary.crypto.utgl.coin_balances];
}

/** The rate's change over 24 hours in words and sign (never by colour alone), and a delayed rate said. */
export function RateChange({ account }: { account: ValuedAccount }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const change = account.change24h;
  const direction = change === null ? null : (['down', 'flat', 'up'] as const)[compare(change, '0') + 1];
  const value =
    change === null ? '' : formatNumber(change.replace(/^-/, ''), locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <span className={`rate-change${direction ? ` rate-change--${direction}` : ''}`}>
      {direction === null ? t('balances.change.none') : t(`balances.change.${direction}`, { value })}
      {account.stale ? <span className="badge badge--warning">{t('balances.stale')}</span> : null}
    </span>
  );
}

/**
 * The hide-balances switch: one button, announced as pressed while amounts are masked, and seen so: a
 * crossed eye on a filled button while pressed, an open eye otherwise (the label stays the same).
 */
export function HideBalancesToggle() {
  const { t } = useTranslation();
  const { hidden, toggleHidden } = useBalances();
  return (
    <Button className="button--small button--toggle" aria-pressed={hidden} onClick={toggleHidden}>
      <Icon name={hidden ? 'eyeOff' : 'eye'} />
      {t('balances.hide')}
    </Button>
  );
}

/**
 * The last fetch failed: its reason and a retry; the figures shown stay the last ones fetched, or, when this
 * visit fetched none (offline), are the device's from an earlier visit, said with their time.
 */
export function BalancesError() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { error, savedAt, fetching, refresh } = useBalances();
  const text = useBalancesErrorText();
  if (!error) return null;
  return (
    <>
      <div className="form-alert balances-error" role="alert">
        <span>{t('balances.failed', { message: text(error) })}</span>
        <Button className="button--small" busy={fetching} onClick={refresh}>
          {t('balances.retry')}
        </Button>
      </div>
      {savedAt === null ? null : (
        <p className="balances-saved" data-testid="balances-saved">
          {t('balances.savedAt', { time: formatDate(new Date(savedAt), locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      )}
    </>
  );
}

/** An amount with its value in US dollars underneath (masked alike). */
export function AccountAmount({ account }: { account: ValuedAccount }) {
  return (
    <span className="account-amount">
      <Money amount={account.balance} asset={account.currency} />
      <span className="hint">
        <Money amount={account.usdValue} asset="USD" />
      </span>
    </span>
  );
}
