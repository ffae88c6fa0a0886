import { useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../../contract/assetList';
import { PAY_LINK_EXPIRIES_HOURS, type PayLink } from '../../../contract/payLinks';
import { payLinkMachine } from '../../../machines/payLink/payLink.machine';
import { connectPayLink } from '../../../machines/payLink/payLink.view';
import { payLinkActors, payLinksQuery } from '../../app/actors/payLink';
import { followQuery } from '../../app/actors/follow';
import { payLinkListMachine } from '../../../machines/payLinkList/payLinkList.machine';
import { paymentsApi } from '../../api/payments';
import { useApi, useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { Form, FormAlert } from '../../ui/Form';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money, useTypedAmount } from '../../ui/Money';
import { QrCode } from '../../ui/QrCode';
import { ShareButton } from '../../ui/ShareButton';
import { SelectField, TextField } from '../../ui/TextField';
import { fieldErrorText } from '../../ui/failureText';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { FailureMessage } from '../shared/FailureMessage';

/** The link as the customer shares it: the page's full address. */
function useLinkUrl(hash: string): string {
  const localize = useLocalize();
  return `${window.location.origin}${localize(`/pay/${hash}`)}`;
}

/** The new link: its QR code, the device's share sheet (copy where there is none) and the link itself. */
function CreatedLink({ link, onNew }: { link: PayLink; onNew: () => void }) {
  const { t } = useTranslation();
  const url = useLinkUrl(link.hash);
  return (
    <section className="stack" aria-labelledby="pay-created">
      <h2 id="pay-created">{t('payLinks.created.title')}</h2>
      <p role="status">
        <Money amount={link.amount} asset={link.asset} /> · {link.description}
      </p>
      <QrCode text={url} label={t('payLinks.created.qr')} size={224} />
      <Copyable text={url} label={t('payLinks.created.copy')}>
        <a href={url}>
          <bdi dir="ltr">{url}</bdi>
        </a>
      </Copyable>
      <div className="button-row">
        <ShareButton title={t('payLinks.created.shareTitle')} text={link.description} url={url} label={t('payLinks.created.share')} />
        <Button onClick={onNew}>{t('payLinks.created.new')}</Button>
      </div>
    </section>
  );
}

/** /pay: ask to be paid, and the customer's requests with their status. */
export function PayScreen() {
  const { t } = useTranslation();
  const api = useApi(paymentsApi);
  const localize = useLocalize();
  const flow = useFlowActor(payLinkMachine, payLinkActors);
  const view = useConnect(flow, connectPayLink);
  const stepUp = useSelector(flow, stepUpChild);
  const [asset, setAsset] = useState<Asset>('EUR');
  const amount = useTypedAmount();
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState('none');
  const links = useQuery(payLinksQuery(api));
  // A request paid by someone else turns “Paid” (and loses “Cancel”) without a reload.
  useFlowActor(payLinkListMachine, ({ queryClient }) => followQuery(queryClient, () => payLinksQuery(api)));

  const submit = () =>
    view.submit({ asset, amount: amount.value, description, expiresInHours: expiry === 'none' ? null : (Number(expiry) as 1 | 24 | 168) });

  return (
    <>
      <p className="page-lead">{t('payLinks.lead')}</p>
      {view.created ? (
        <CreatedLink
          link={view.created}
          onNew={() => {
            amount.clear();
            setDescription('');
            view.startNew();
          }}
        />
      ) : (
        <Form busy={view.busy} onSubmit={submit}>
          <FormAlert>{view.failure ? <FailureMessage scope="payLinks.failures" failure={view.failure} /> : null}</FormAlert>
          <SelectField
            label={t('payLinks.asset')}
            name="asset"
            value={asset}
            onChange={(e) => setAsset(e.target.value as Asset)}
            options={ASSETS.map((item) => (
              <option key={item.code} value={item.code}>
                {item.code}
              </option>
            ))}
          />
          <AmountInput
            label={t('payLinks.amount')}
            name="amount"
            asset={asset}
            value={amount.text}
            onChange={amount.onChange}
            error={fieldErrorText(t, 'amount', view.fieldErrors.amount)}
          />
          <TextField
            label={t('payLinks.description')}
            name="description"
            maxLength={140}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={fieldErrorText(t, 'description', view.fieldErrors.description)}
          />
          <SelectField
            label={t('payLinks.expiry')}
            name="expiry"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            options={
              <>
                <option value="none">{t('payLinks.expiries.none')}</option>
                {PAY_LINK_EXPIRIES_HOURS.map((hours) => (
                  <option key={hours} value={String(hours)}>
                    {t('payLinks.expiries.hours', { count: hours })}
                  </option>
                ))}
              </>
            }
          />
          <Button variant="primary" type="submit" busy={view.busy}>
            {t('payLinks.submit')}
          </Button>
        </Form>
      )}
      <section className="stack" aria-labelledby="pay-requests">
        <h2 id="pay-requests">{t('payLinks.list.title')}</h2>
        <p role="status">{view.cancelled ? t('payLinks.list.cancelled') : null}</p>
        {links.data && links.data.length === 0 ? (
          <EmptyState title={t('payLinks.list.empty')} action={null} />
        ) : (
          <ListRows label={t('payLinks.list.title')}>
            {(links.data ?? []).map((link) => (
              <ListRow
                key={link.hash}
                // What it is for, then the amount and the status as quieter lines: a phone's narrow row
                // next to the Cancel button has no room for all on one line.
                label={<a href={localize(`/pay/${link.hash}`)}>{link.description}</a>}
                hint={[<Money key="amount" amount={link.amount} asset={link.asset} />, t(`payLinks.status.${link.status}`)]}
                action={
                  link.status === 'open' ? (
                    <Button disabled={view.busy} onClick={() => view.cancelLink(link.hash)}>
                      {t('payLinks.list.cancel')}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </ListRows>
        )}
      </section>
      <StepUpSheet actor={stepUp} />
    </>
  );
}
