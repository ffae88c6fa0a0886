import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { ListRow, ListRows } from '../../ui/ListRow';

/** /inject/crypto: how to top up — on-chain, by bank transfer, or with a code. */
export function CryptoTopUpScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const ways = [
    { path: '/inject/crypto/on-chain', key: 'onChain' },
    { path: '/inject/fiat', key: 'fiat' },
    { path: '/inject/pay-by-code', key: 'payByCode' },
  ] as const;
  return (
    <ListRows label={t('onChain.ways.label')}>
      {ways.map(({ path, key }) => (
        <ListRow
          key={key}
          label={t(`onChain.ways.${key}`)}
          hint={t(`onChain.ways.${key}Hint`)}
          link={(content) => <Link to={localize(path)}>{content}</Link>}
        />
      ))}
    </ListRows>
  );
}
