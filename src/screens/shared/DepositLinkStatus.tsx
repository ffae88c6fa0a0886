import { useTranslation } from 'react-i18next';
import type { DepositLink } from '../../../contract/depositLinks';
import { Money } from '../../ui/Money';

/** What a deposit link was paid, in words, with the remainder (underpaid) or what arrived (overpaid). */
export function DepositLinkStatus({ link }: { link: DepositLink }) {
  const { t } = useTranslation();
  return (
    <p role="status" data-testid="deposit-link-status" data-status={link.status}>
      {t(`depositLinks.status.${link.status}`)}
      {link.status === 'underpaid' ? (
        <>
          {' '}
          <Money amount={link.remainder} asset={link.asset} />
        </>
      ) : link.status === 'overpaid' ? (
        <>
          {' '}
          <Money amount={link.received} asset={link.asset} />
        </>
      ) : null}
    </p>
  );
}
