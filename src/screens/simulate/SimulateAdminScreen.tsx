import { KycReviewPanel } from './KycReviewPanel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_CODES, type Asset } from '../../../contract/assets';
import type { AdminCustomer, AuditEntry } from '../../../contract/simulate';
import { simulateApi } from '../../api/simulate';
import { adjustAccountMachine } from '../../../machines/adjustAccount/adjustAccount.machine';
import { setRatesMachine } from '../../../machines/setRates/setRates.machine';
import { useApi, useLocale, useSystem } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { formatAmount, type ParsedAmount } from '../../ui/money';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { isMissing, NO_AMOUNT, useFailureText, useOnAnswer } from './shared';
import { ADMIN_QUERIES, adjustAccountActors, setRatesActors } from '../../app/actors/admin';
import { unwrap } from '../../app/actors/unwrap';
import { HeldTransfersSection, VoucherForm } from './TopUpAdmin';

const { customers: CUSTOMERS, audit: AUDIT, outbox: OUTBOX } = ADMIN_QUERIES;

/**
 * The admins' page (the route guard shows everyone else the 404): customers and balances, credit or
 * debit with a reason, rates and the outbox — demo tools, absent outside demo mode — and, which stay,
 * the review of held bank transfers, voucher codes and the audit log of every admin action.
 */
export function SimulateAdminScreen() {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [selected, setSelected] = useState<string | null>(null);
  const customers = useQuery({
    queryKey: [...CUSTOMERS, query],
    queryFn: async ({ signal }) => unwrap(api.listAdminCustomers(query ? { q: query } : {}, { retry: false, signal })),
    placeholderData: (previous) => previous,
  });
  const demoToolsOff = customers.isError && isMissing(customers.error);

  return (
    <>
      <p className="page-lead">{t('simulate.admin.lead')}</p>
      {demoToolsOff ? (
        <p role="status">{t('simulate.admin.demoOff')}</p>
      ) : (
        <>
          <section className="stack" aria-labelledby="admin-customers">
            <h2 id="admin-customers">{t('simulate.admin.customers.title')}</h2>
            <TextField
              type="search"
              label={t('simulate.admin.customers.search')}
              value={search}
              autoComplete="off"
              dir="ltr"
              onChange={(event) => setSearch(event.target.value)}
            />
            {customers.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
            {customers.data?.length === 0 ? <p>{t('simulate.admin.customers.none')}</p> : null}
            {customers.data?.map((customer) => (
              <CustomerCard key={customer.id} customer={customer} selected={selected} onSelect={setSelected} />
            ))}
          </section>
          <AdjustmentForm customers={customers.data ?? []} accountId={selected} onAccount={setSelected} />
          <RatesForm />
          <OutboxSection />
        </>
      )}
      <KycReviewPanel />
      <HeldTransfersSection />
      <VoucherForm />
      <AuditLogSection />
    </>
  );
}

function CustomerCard({
  customer,
  selected,
  onSelect,
}: {
  customer: AdminCustomer;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return (
    <ListRows label={customer.email}>
      <ListRow label={<bdi dir="ltr">{customer.email}</bdi>} hint={[name, t(`simulate.admin.kyc.${customer.kycStatus}`)].filter(Boolean)} />
      {customer.accounts.map((account) => (
        <ListRow
          key={account.id}
          label={account.name}
          pressed={selected === account.id}
          onClick={() => onSelect(account.id)}
          end={<Money amount={account.balance} asset={account.currency} />}
        />
      ))}
    </ListRows>
  );
}

function AdjustmentForm({
  customers,
  accountId,
  onAccount,
}: {
  customers: AdminCustomer[];
  accountId: string | null;
  onAccount: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const failureText = useFailureText();
  const id = useId();
  const system = useSystem();
  const adjust = useWrite(adjustAccountMachine, () => adjustAccountActors(system));
  const options = customers.flatMap((customer) => customer.accounts.map((account) => ({ customer, account })));
  const chosen = options.find((option) => option.account.id === accountId) ?? options[0];
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState<ParsedAmount>(NO_AMOUNT);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // Done: the amount and the reason are asked afresh for the next movement.
  useOnAnswer(adjust.output, () => {
    setReason('');
    setAmountText('');
    setAmount(NO_AMOUNT);
    setTried(false);
  });
  if (!chosen) return null;
  const reasonMissing = reason.trim().length < 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok || reasonMissing) return;
    adjust.submit({ accountId: chosen.account.id, direction, amount: amount.value, reason });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.admin.adjust.title')}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={adjust.busy}>
        <SelectField
          label={t('simulate.admin.adjust.account')}
          value={chosen.account.id}
          onChange={(event) => {
            onAccount(event.target.value);
            adjust.edit();
          }}
          options={options.map(({ customer, account }) => (
            <option key={account.id} value={account.id}>
              {`${customer.email} · ${account.name} · ${formatAmount(account.balance, account.currency, locale)}`}
            </option>
          ))}
        />
        <SelectField
          label={t('simulate.admin.adjust.direction')}
          value={direction}
          onChange={(event) => {
            setDirection(event.target.value as 'credit' | 'debit');
            adjust.edit();
          }}
          options={
            <>
              <option value="credit">{t('simulate.admin.adjust.credit')}</option>
              <option value="debit">{t('simulate.admin.adjust.debit')}</option>
            </>
          }
        />
        <AmountInput
          label={t('simulate.amount')}
          asset={chosen.account.currency}
          value={amountText}
          onChange={(text, parsed) => {
            setAmountText(text);
            setAmount(parsed);
            adjust.edit();
          }}
          error={tried && !amount.ok && amountText.trim() === '' ? t('simulate.amountRequired') : null}
        />
        <TextField
          label={t('simulate.admin.adjust.reason')}
          hint={t('simulate.admin.adjust.reasonHint')}
          value={reason}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => {
            setReason(event.target.value);
            adjust.edit();
          }}
          error={tried && reasonMissing ? t('simulate.admin.adjust.reasonRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(adjust.failure)}
        </div>
        <Button variant="primary" block type="submit" busy={adjust.busy}>
          {direction === 'credit' ? t('simulate.admin.adjust.submitCredit') : t('simulate.admin.adjust.submitDebit')}
        </Button>
      </form>
    </section>
  );
}

function RatesForm() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const id = useId();
  const system = useSystem();
  const rates = useWrite(setRatesMachine, () => setRatesActors(system));
  const [asset, setAsset] = useState<Asset>('BTC');
  const [priceText, setPriceText] = useState('');
  const [price, setPrice] = useState<ParsedAmount>(NO_AMOUNT);
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (price.ok) rates.submit({ rates: [{ asset, usd: price.value }] });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.admin.rates.title')}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={rates.busy}>
        <SelectField
          label={t('simulate.admin.rates.asset')}
          value={asset}
          onChange={(event) => setAsset(event.target.value as Asset)}
          options={ASSET_CODES.filter((code) => code !== 'USD').map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        />
        <AmountInput
          label={t('simulate.admin.rates.price')}
          asset="USD"
          value={priceText}
          onChange={(text, parsed) => {
            setPriceText(text);
            setPrice(parsed);
            rates.edit();
          }}
          error={tried && !price.ok && priceText.trim() === '' ? t('simulate.amountRequired') : null}
        />
        <div className="form-alert" role="alert">
          {failureText(rates.failure)}
        </div>
        <Button variant="primary" block type="submit" busy={rates.busy}>
          {t('simulate.admin.rates.submit')}
        </Button>
      </form>
    </section>
  );
}

function OutboxSection() {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const id = useId();
  const [recipient, setRecipient] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  // Each look is an audited action: fetched when asked, never in the background.
  const outbox = useQuery({
    queryKey: [...OUTBOX, shown],
    queryFn: async ({ signal }) => {
      const answer = await unwrap(api.listAdminOutbox(shown ? { to: shown } : {}, { retry: false, signal }));
      void queryClient.invalidateQueries({ queryKey: AUDIT });
      return answer.messages;
    },
    enabled: shown !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = recipient.trim().toLowerCase();
    if (to === shown) void outbox.refetch();
    else setShown(to);
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.admin.outbox.title')}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          type="email"
          label={t('simulate.admin.outbox.recipient')}
          hint={t('simulate.admin.outbox.recipientHint')}
          value={recipient}
          dir="ltr"
          autoComplete="off"
          onChange={(event) => setRecipient(event.target.value)}
        />
        <Button type="submit" block busy={outbox.isFetching}>
          {t('simulate.admin.outbox.show')}
        </Button>
      </form>
      {outbox.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
      {outbox.data?.length === 0 ? <p>{t('simulate.admin.outbox.none')}</p> : null}
      {outbox.data && outbox.data.length > 0 ? (
        <ListRows label={t('simulate.admin.outbox.title')}>
          {outbox.data.map((message) => (
            <ListRow
              key={message.id}
              label={message.subject}
              hint={[
                <bdi key="to" dir="ltr">
                  {message.to}
                </bdi>,
                formatDate(new Date(message.createdAt), locale, { dateStyle: 'medium', timeStyle: 'short' }),
                message.body,
              ]}
            />
          ))}
        </ListRows>
      ) : null}
    </section>
  );
}

function AuditLogSection() {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const locale = useLocale();
  const id = useId();
  const log = useQuery({
    queryKey: AUDIT,
    queryFn: async ({ signal }) => unwrap(api.listAuditLog({ retry: false, signal })),
  });
  const describe = (entry: AuditEntry) =>
    Object.entries(entry.details)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="audit-log">
      <h2 id={`${id}-title`}>{t('simulate.admin.audit.title')}</h2>
      {log.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
      {log.data?.length === 0 ? <p>{t('simulate.admin.audit.none')}</p> : null}
      {log.data && log.data.length > 0 ? (
        <ListRows label={t('simulate.admin.audit.title')}>
          {log.data.map((entry) => (
            <ListRow
              key={entry.id}
              label={t(`simulate.admin.audit.actions.${entry.action}`)}
              hint={[
                formatDate(new Date(entry.createdAt), locale, { dateStyle: 'medium', timeStyle: 'medium' }),
                <bdi key="who" dir="ltr">
                  {entry.targetEmail ? `${entry.adminEmail} → ${entry.targetEmail}` : entry.adminEmail}
                </bdi>,
                ...(entry.reason ? [t('simulate.admin.audit.reason', { reason: entry.reason })] : []),
                <bdi key="details" dir="ltr">
                  {describe(entry)}
                </bdi>,
                <span key="request">
                  {t('simulate.admin.audit.requestId')} <bdi dir="ltr">{entry.requestId}</bdi>
                </span>,
              ]}
            />
          ))}
        </ListRows>
      ) : null}
    </section>
  );
}
