import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_CODES, type Asset } from '../../../contract/assets';
import type { CreatedVoucher, HeldTransfer } from '../../../contract/inject';
import { simulateApi } from '../../api/simulate';
import { useApi, useLocale } from '../../app/context';
import { notify } from '../../app/notify';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { type ParsedAmount } from '../../ui/money';
import { SelectField, TextField } from '../../ui/TextField';
import { toFailure } from '../../../machines/failure';
import { unwrap } from '../../app/actors/unwrap';
import { failureText } from '../../ui/failureText';

export const HELD_TRANSFERS = ['simulate', 'admin', 'held-transfers'] as const;
const AUDIT = ['simulate', 'admin', 'audit'] as const;

function useTopUpFailureText(section: 'held' | 'vouchers'): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error) => (error ? failureText(t, `topUpAdmin.${section}.failures`, toFailure(error)) : null);
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
    queryKey: HELD_TRANSFERS,
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
  const api = useApi(simulateApi);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const failureText = useTopUpFailureText('held');
  const id = useId();
  const [email, setEmail] = useState(transfer.customerEmail ?? '');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState<'assign' | 'return' | null>(null);
  // One key per decision, kept across retries of it.
  const [key] = useState(() => crypto.randomUUID());
  const review = useMutation({
    mutationFn: async (decision: 'assign' | 'return') =>
      unwrap(
        decision === 'assign'
          ? api.assignHeldTransfer(transfer.id, { email, reason }, key)
          : api.returnHeldTransfer(transfer.id, { reason }, key),
      ),
    onSuccess: async (reviewed) => {
      notify.success(t(reviewed.status === 'assigned' ? 'topUpAdmin.held.assigned' : 'topUpAdmin.held.returned'));
      await Promise.all([HELD_TRANSFERS, AUDIT].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const reasonMissing = reason.trim().length < 3;
  const emailMissing = email.trim() === '';
  const decide = (decision: 'assign' | 'return') => (event?: FormEvent) => {
    event?.preventDefault();
    setTried(decision);
    if (reasonMissing || (decision === 'assign' && emailMissing)) return;
    review.mutate(decision);
  };
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
      <form className="form" noValidate onSubmit={decide('assign')} aria-busy={review.isPending}>
        <TextField
          type="email"
          label={t('topUpAdmin.held.email')}
          value={email}
          dir="ltr"
          autoComplete="off"
          onChange={(event) => {
            setEmail(event.target.value);
            review.reset();
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
            review.reset();
          }}
          error={tried && reasonMissing ? t('topUpAdmin.held.reasonRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(review.error)}
        </div>
        <div className="button-row">
          <Button variant="primary" type="submit" busy={review.isPending && review.variables === 'assign'}>
            {t('topUpAdmin.held.assign')}
          </Button>
          <Button onClick={() => decide('return')()} busy={review.isPending && review.variables === 'return'}>
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
  const api = useApi(simulateApi);
  const queryClient = useQueryClient();
  const failureText = useTopUpFailureText('vouchers');
  const id = useId();
  const [asset, setAsset] = useState<Asset>('EUR');
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState<ParsedAmount>({ ok: false, error: 'empty' });
  const [expires, setExpires] = useState(inAWeek);
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<CreatedVoucher | null>(null);
  const mutation = useMutation({
    // Valid through the chosen day, in the admin's time zone.
    mutationFn: async () =>
      unwrap(
        api.createVoucher({
          amount: amount.ok ? amount.value : '',
          currency: asset,
          expiresAt: new Date(`${expires}T23:59:59`).toISOString(),
        }),
      ),
    onSuccess: async (voucher) => {
      setCreated(voucher);
      setAmountText('');
      setAmount({ ok: false, error: 'empty' });
      setTried(false);
      await queryClient.invalidateQueries({ queryKey: AUDIT });
    },
  });
  const expiresMissing = !/^\d{4}-\d{2}-\d{2}$/.test(expires);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok || expiresMissing) return;
    setCreated(null);
    mutation.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('topUpAdmin.vouchers.title')}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <SelectField
          label={t('topUpAdmin.vouchers.asset')}
          value={asset}
          onChange={(event) => {
            setAsset(event.target.value as Asset);
            mutation.reset();
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
            mutation.reset();
          }}
          error={tried && !amount.ok && amountText.trim() === '' ? t('simulate.amountRequired') : null}
        />
        <TextField
          type="date"
          label={t('topUpAdmin.vouchers.expires')}
          value={expires}
          onChange={(event) => {
            setExpires(event.target.value);
            mutation.reset();
          }}
          error={tried && expiresMissing ? t('topUpAdmin.vouchers.expiresRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(mutation.error)}
        </div>
        <Button variant="primary" block type="submit" busy={mutation.isPending}>
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
