import { useTranslation } from 'react-i18next';
import { accountName, accountNameKind } from '../../../contract/accountNames';
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
