import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS, NETWORKS } from '../../../contract/assetList';
import { useLocalize } from '../../app/context';
import { ListRow, ListRows } from '../../ui/ListRow';

/** /inject/crypto/on-chain: the crypto asset to deposit. */
export function OnChainAssetsScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ListRows label={t('onChain.assets.label')}>
      {ASSETS.filter((asset) => asset.kind === 'crypto').map((asset) => (
        <ListRow
          key={asset.code}
          testId={`deposit-asset-${asset.code}`}
          label={
            <>
              {asset.name} <span lang="en">{asset.code}</span>
            </>
          }
          hint={asset.networks.map((network) => NETWORKS[network].name).join(' · ')}
          link={(content) => <Link to={localize(`/inject/crypto/on-chain/${asset.code}`)}>{content}</Link>}
        />
      ))}
    </ListRows>
  );
}
