import { useTranslation } from 'react-i18next';
import { accountName, accountNameKind } from '../../../contract/accountNames';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';

/**
 * An account's name in the interface language, from what it is (contract/accountNames.ts): the name the
 * server stores is English. `card`: the card account.
 */
export function useAccountName(): (account: { currency: string; card?: boolean }) => string {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const words = { fiat: (currency: string) => t('accountNames.fiat', { currency }), card: t('accountNames.card') };
  return ({ currency, card }) => accountName(accountNameKind(currency, card), currency, locale, words);
}

/**
 * An account as a picker's option reads it: its name and its balance, formatted for the interface
 * language (an option holds text only, so not the Money component).
 */
export function useAccountLabel(): (account: { currency: string; balance: string; card?: boolean }) => string {
  const nameOf = useAccountName();
  const locale = useUiLocale();
  return (account) => `${nameOf(account)} · ${formatAmount(account.balance, account.currency, locale)}`;
}
