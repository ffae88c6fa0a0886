import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CryptoAsset } from '../../../contract/assetList';
import type { EvmNetwork } from '../../../contract/chainList';
import type { DepositLink } from '../../../contract/depositLinks';
import { depositLinkMachine } from '../../../machines/depositLink/depositLink.machine';
import { connectDepositLink } from '../../../machines/depositLink/depositLink.view';
import { depositLinkActors, depositLinkQuery } from '../../app/actors/depositLink';
import { followQuery } from '../../app/actors/follow';
import { depositLinkPaidMachine } from '../../../machines/depositLinkPaid/depositLinkPaid.machine';
import { paymentsApi } from '../../api/payments';
import { useApi, useConnect, useFlowActor, useLocalize } from '../../app/context';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { Copyable } from '../../ui/Copyable';
import { AmountInput, Money, useTypedAmount } from '../../ui/Money';
import { ShareButton } from '../../ui/ShareButton';
import { useUiLocale } from '../../ui/useUiLocale';
import { DepositLinkStatus } from '../shared/DepositLinkStatus';
import { failureText } from '../../ui/failureText';

/**
 * Below the deposit address: ask someone to pay an amount from a browser wallet. The customer enters the
 * amount, gets the link /inject/crypto/on-chain/wallet/{hash} to copy or share, and sees what it was paid.
 */
export function DepositLinkBlock({ asset, network }: { asset: CryptoAsset; network: EvmNetwork }) {
  const { t } = useTranslation();
  const flow = useFlowActor(depositLinkMachine, depositLinkActors, { input: { asset, network } });
  const view = useConnect(flow, connectDepositLink);
  const amount = useTypedAmount();

  return (
    <section className="card stack" aria-labelledby="deposit-link-title">
      <h2 id="deposit-link-title" className="section-title">
        {t('depositLinks.title')}
      </h2>
      {view.created ? (
        <CreatedLink
          link={view.created}
          onNew={() => {
            amount.clear();
            view.newLink();
          }}
        />
      ) : (
        // The machine's editing states name this test id (meta.view): the model's browser paths find the form by it.
        <div data-testid="deposit-link-form">
          <Form busy={view.busy} onSubmit={() => view.create(amount.value)}>
            <p className="hint-text">{t('depositLinks.lead', { asset })}</p>
            <FormAlert>{view.failure ? failureText(t, 'errors', view.failure) : null}</FormAlert>
            <AmountInput
              label={t('depositLinks.amount')}
              name="deposit-link-amount"
              asset={asset}
              value={amount.text}
              onChange={amount.onChange}
              error={view.amountInvalid ? t('depositLinks.amountInvalid') : null}
            />
            <Button variant="primary" type="submit" busy={view.busy}>
              {t('depositLinks.create')}
            </Button>
          </Form>
        </div>
      )}
    </section>
  );
}

/** The new link: copy, the share sheet, and what it was paid so far. */
function CreatedLink({ link: created, onNew }: { link: DepositLink; onNew: () => void }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const api = useApi(paymentsApi);
  const localize = useLocalize();
  const url = `${window.location.origin}${localize(`/inject/crypto/on-chain/wallet/${created.hash}`)}`;
  const link = useQuery({ ...depositLinkQuery(api, created.hash), initialData: created });
  // What the link is paid shows as it arrives, until it is paid in full.
  useFlowActor(depositLinkPaidMachine, ({ queryClient }) => followQuery(queryClient, ({ hash }) => depositLinkQuery(api, hash)), {
    input: { hash: created.hash },
  });
  return (
    <div className="stack" data-testid="deposit-link-created">
      <p className="total-amount">
        <Money amount={created.amount} asset={created.asset} />
      </p>
      <DepositLinkStatus link={link.data} />
      <Copyable text={url} label={t('depositLinks.copy')}>
        <a href={url}>
          <bdi dir="ltr">{url}</bdi>
        </a>
      </Copyable>
      <div className="button-row">
        <ShareButton
          title={t('depositLinks.shareTitle', {
            amount: formatNumber(created.amount, locale, { maximumFractionDigits: created.decimals }),
            asset: created.asset,
          })}
          url={url}
          label={t('depositLinks.share')}
        />
        <Button onClick={onNew}>{t('depositLinks.new')}</Button>
      </div>
    </div>
  );
}
