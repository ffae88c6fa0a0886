import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_CODES, type Asset } from '../../../contract/assets';
import type { HeldTransfer } from '../../../contract/inject';
import { createVoucherMachine } from '../../../machines/createVoucher/createVoucher.machine';
import { reviewHeldTransferMachine, type HeldTransferDecision } from '../../../machines/reviewHeldTransfer/reviewHeldTransfer.machine';
import { simulateApi } from '../../api/simulate';
import { ADMIN_QUERIES, createVoucherActors, reviewHeldTransferActors } from '../../app/actors/admin';
import { useApi, useLocale, useSystem } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { type ParsedAmount } from '../../ui/money';
import { NO_AMOUNT, useOnAnswer } from './shared';
import { SelectField, TextField } from '../../ui/TextField';
import type { Failure } from '../../../machines/parts/failure';
import { unwrap } from '../../app/actors/unwrap';
import { failureText } from '../../ui/failureText';

function useTopUpFailureText(section: 'held' | 'vouchers'): (failure: Failure | null) => string | null {
  const { t } = useTranslation();
  return (failure) => (failure ? failureText(t, `topUpAdmin.${section}.failures`, failure) : null);
}

/**
 * Bank transfers that no reference matched (or that would pass the customer's limit), for an admin to
 * assign to a customer or return to the sender, each with a reason for the audit log. Not a demo tool:
 * it stays in production.
 */
export function HeldTransfersSection() {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const id = useId();
  const held = useQuery({
    queryKey: ADMIN_QUERIES.heldTransfers,
    queryFn: async ({ signal }) => unwrap(api.listHeldTransfers({ retry: false, signal })),
  });
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="held-transfers">
      <h2 id={`${id}-title`}>{t('topUpAdmin.held.title')}</h2>
      <p className="hint-text">{t('topUpAdmin.held.lead')}</p>
      {held.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
      {held.data?.length === 0 ? <p>{t('topUpAdmin.held.none')}</p> : null}
      {held.data?.map((transfer) => (
        <HeldTransferCard key={transfer.id} transfer={transfer} />
      ))}
    </section>
  );
}

function HeldTransferCard({ transfer }: { transfer: HeldTransfer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const failureText = useTopUpFailureText('held');
  const id = useId();
  const system = useSystem();
  const review = useWrite(reviewHeldTransferMachine, () => reviewHeldTransferActors(system));
  const [email, setEmail] = useState(transfer.customerEmail ?? '');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState<HeldTransferDecision['decision'] | null>(null);
  const reasonMissing = reason.trim().length < 3;
  const emailMissing = email.trim() === '';
  const decide = (decision: HeldTransferDecision['decision']) => (event?: FormEvent) => {
    event?.preventDefault();
    setTried(decision);
    if (reasonMissing || (decision === 'assign' && emailMissing)) return;
    review.submit(
      decision === 'assign' ? { id: transfer.id, decision, body: { email, reason } } : { id: transfer.id, decision, body: { reason } },
    );
  };
  const sending = (decision: HeldTransferDecision['decision']) => review.busy && review.input?.decision === decision;
  return (
    <article className="card stack" aria-labelledby={`${id}-title`} data-testid="held-transfer">
      <h3 id={`${id}-title`}>
        <Money amount={transfer.amount} asset={transfer.currency} />
      </h3>
      <ListRows>
        <ListRow
          label={t('topUpAdmin.held.from', { sender: transfer.senderName })}
          hint={[
            <span key="reference">
              {t('topUpAdmin.held.reference')} <bdi dir="ltr">{transfer.reference}</bdi>
            </span>,
            t(`topUpAdmin.held.reasons.${transfer.reason}`, { email: transfer.customerEmail ?? '' }),
            formatDate(new Date(transfer.receivedAt), locale, { dateStyle: 'medium', timeStyle: 'short' }),
          ]}
        />
      </ListRows>
      <form className="form" noValidate onSubmit={decide('assign')} aria-busy={review.busy}>
        <TextField
          type="email"
          label={t('topUpAdmin.held.email')}
          value={email}
          dir="ltr"
          autoComplete="off"
          onChange={(event) => {
            setEmail(event.target.value);
            review.edit();
          }}
          error={tried === 'assign' && emailMissing ? t('topUpAdmin.held.emailRequired') : null}
        />
        <TextField
          label={t('topUpAdmin.held.reason')}
          hint={t('topUpAdmin.held.reasonHint')}
          value={reason}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => {
            setReason(event.target.value);
            review.edit();
          }}
          error={tried && reasonMissing ? t('topUpAdmin.held.reasonRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(review.failure)}
        </div>
        <div className="button-row">
          <Button variant="primary" type="submit" busy={sending('assign')}>
            {t('topUpAdmin.held.assign')}
          </Button>
          <Button onClick={() => decide('return')()} busy={sending('return')}>
            {t('topUpAdmin.held.return')}
          </Button>
        </div>
      </form>
    </article>
  );
}

/** A date a week on, as a date field holds it (YYYY-MM-DD). */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** An admin creates a voucher code; the code is shown this once (the server keeps only its hash). */
export function VoucherForm() {
  const { t } = useTranslation();
  const failureText = useTopUpFailureText('vouchers');
  const id = useId();
  const voucher = useWrite(createVoucherMachine, createVoucherActors);
  const [asset, setAsset] = useState<Asset>('EUR');
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState<ParsedAmount>(NO_AMOUNT);
  const [expires, setExpires] = useState(inAWeek);
  const [tried, setTried] = useState(false);
  // A code made: the amount is asked afresh for the next one.
  useOnAnswer(voucher.output, () => {
    setAmountText('');
    setAmount(NO_AMOUNT);
    setTried(false);
  });
  const created = voucher.done ? voucher.output : null;
  const expiresMissing = !/^\d{4}-\d{2}-\d{2}$/.test(expires);
  // A change clears the last refusal; the code made last stays until the next is asked for.
  const changed = () => {
    if (voucher.failure) voucher.edit();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok || expiresMissing) return;
    // Valid through the chosen day, in the admin's time zone.
    voucher.submit({ amount: amount.value, currency: asset, expiresAt: new Date(`${expires}T23:59:59`).toISOString() });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('topUpAdmin.vouchers.title')}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={voucher.busy}>
        <SelectField
          label={t('topUpAdmin.vouchers.asset')}
          value={asset}
          onChange={(event) => {
            setAsset(event.target.value as Asset);
            changed();
          }}
          options={ASSET_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        />
        <AmountInput
          label={t('simulate.amount')}
          asset={asset}
          value={amountText}
          onChange={(text, parsed) => {
            setAmountText(text);
            setAmount(parsed);
            changed();
          }}
          error={tried && !amount.ok && amountText.trim() === '' ? t('simulate.amountRequired') : null}
        />
        <TextField
          type="date"
          label={t('topUpAdmin.vouchers.expires')}
          value={expires}
          onChange={(event) => {
            setExpires(event.target.value);
            changed();
          }}
          error={tried && expiresMissing ? t('topUpAdmin.vouchers.expiresRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(voucher.failure)}
        </div>
        <Button variant="primary" block type="submit" busy={voucher.busy}>
          {t('topUpAdmin.vouchers.submit')}
        </Button>
      </form>
      {created ? (
        <div className="stack" role="status" data-testid="created-voucher">
          <p>{t('topUpAdmin.vouchers.created')}</p>
          <Copyable text={created.code} label={t('topUpAdmin.vouchers.code')} />
          <p className="hint-text">
            <Money amount={created.amount} asset={created.currency} />
          </p>
        </div>
      ) : null}
    </section>
  );
}
