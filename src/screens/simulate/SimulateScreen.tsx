import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS, NETWORKS, type Network } from '../../../contract/assets';
import type { FiatAsset } from '../../../contract/assets';
import { CARD_CHANNELS, type Card, type CardChannel } from '../../../contract/cards';
import type { SimulationAccount } from '../../../contract/simulate';
import { simulateBankTransferMachine } from '../../../machines/simulateBankTransfer/simulateBankTransfer.machine';
import { simulateCardPaymentMachine } from '../../../machines/simulateCardPayment/simulateCardPayment.machine';
import { simulateCryptoDepositMachine } from '../../../machines/simulateCryptoDeposit/simulateCryptoDeposit.machine';
import { simulatePayoutReturnMachine } from '../../../machines/simulatePayoutReturn/simulatePayoutReturn.machine';
import { PAYOUT_RETURN_REASONS, type PayoutReturnReason } from '../../../contract/payouts';
import { payoutsApi } from '../../api/payouts';
import { formatDate } from '../../i18n/format';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { cardsApi } from '../../api/cards';
import { paymentsApi } from '../../api/payments';
import { simulateApi } from '../../api/simulate';
import {
  PAYOUTS_QUERY,
  SIMULATION_ACCOUNTS,
  simulatePayoutReturnActors,
  simulateBankTransferActors,
  simulateCardPaymentActors,
  simulateCryptoDepositActors,
} from '../../app/actors/simulate';
import { useApi, useLocalize, useSystem } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { Button } from '../../ui/Button';
import { failureText } from '../../ui/failureText';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import type { ParsedAmount } from '../../ui/money';
import { SelectField, TextField } from '../../ui/TextField';
import { useHydrated } from '../../ui/useHydrated';
import { CARD_ACCOUNTS_QUERY, useCardAccounts } from '../../app/selectedCardAccount';
import { isMissing, NO_AMOUNT as NOTHING_PARSED, useFailureText } from './shared';
import { PageNotFound } from '../../ui/ErrorPage';
import { unwrap } from '../../app/actors/unwrap';
import { useAccountLabel, useAccountName } from '../shared/useAccountName';

const FIAT_TOP_UP_DETAILS = ['inject', 'fiat', 'details'] as const;

/** A field's setter that also starts a new intended movement: the last answer dropped, a new key at the next submit. */
function editing(write: { edit: () => void }) {
  return <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      write.edit();
    };
}

/** A movement's amount, as typed and as parsed. */
interface TypedAmount {
  text: string;
  parsed: ParsedAmount;
}
const NO_AMOUNT: TypedAmount = { text: '', parsed: NOTHING_PARSED };

/** The amount field of each form here: kept as typed; sent empty, it says it is required (AmountInput says the rest). */
function MovementAmount({
  asset,
  hint,
  typed,
  tried,
  onChange,
}: {
  asset: string;
  hint?: string;
  typed: TypedAmount;
  tried: boolean;
  onChange: (typed: TypedAmount) => void;
}) {
  const { t } = useTranslation();
  return (
    <AmountInput
      label={t('simulate.amount')}
      hint={hint}
      asset={asset}
      value={typed.text}
      onChange={(text, parsed) => onChange({ text, parsed })}
      error={tried && typed.text.trim() === '' ? t('simulate.amountRequired') : null}
    />
  );
}

/** Test money arrives in the customer's own accounts: a bank transfer or coins over a network. Demo mode only. */
export function SimulateScreen() {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const api = useApi(simulateApi);
  const accounts = useQuery({
    queryKey: SIMULATION_ACCOUNTS,
    queryFn: async ({ signal }) => unwrap(api.listSimulationAccounts({ retry: false, signal })),
  });
  if (accounts.isError && isMissing(accounts.error)) return <PageNotFound />;
  const list = accounts.data ?? [];
  const fiat = list.filter((account) => account.kind === 'fiat');
  const crypto = list.filter((account) => account.kind === 'crypto');

  return (
    <>
      <p className="page-lead">{t('simulate.lead')}</p>
      <section className="stack" aria-labelledby="simulate-accounts">
        <h2 id="simulate-accounts">{t('simulate.accounts.title')}</h2>
        {accounts.isPending ? (
          <ListRows hidden>
            <ListRow label="…" />
          </ListRows>
        ) : accounts.isError ? (
          <p role="alert">{t('simulate.accounts.loadFailed')}</p>
        ) : list.length === 0 ? (
          <p>{t('simulate.accounts.none')}</p>
        ) : (
          <ListRows label={t('simulate.accounts.title')}>
            {list.map((account) => (
              <ListRow
                key={account.id}
                testId={`balance-${account.currency}`}
                label={nameOf(account)}
                end={<Money amount={account.balance} asset={account.currency} />}
              />
            ))}
          </ListRows>
        )}
      </section>
      {fiat.length > 0 ? <BankTransferForm accounts={fiat} /> : null}
      {crypto.length > 0 ? <CryptoDepositForm accounts={crypto} /> : null}
      <CardPaymentForm />
      <PayoutReturnForm />
    </>
  );
}

/**
 * A bank transfer arrives at Meridian's bank with a reference: the customer's own personal reference is
 * filled in (GET /inject/fiat/details), any other one tries the matching and the admins' review.
 */
function BankTransferForm({ accounts }: { accounts: SimulationAccount[] }) {
  const { t } = useTranslation();
  const payments = useApi(paymentsApi);
  const failureText = useFailureText();
  const id = useId();
  const system = useSystem();
  const bank = useWrite(simulateBankTransferMachine, () => simulateBankTransferActors(system));
  const currencies = [...new Set(accounts.map((account) => account.currency))] as FiatAsset[];
  const details = useQuery({
    queryKey: FIAT_TOP_UP_DETAILS,
    queryFn: async ({ signal }) => unwrap(payments.getFiatTopUpDetails({ signal })),
  });
  const [currency, setCurrency] = useState<FiatAsset>(currencies[0]!);
  const [typed, setTyped] = useState(NO_AMOUNT);
  const amount = typed.parsed;
  const [senderName, setSenderName] = useState('');
  const [typedReference, setReference] = useState<string | null>(null);
  const reference = typedReference ?? details.data?.reference ?? '';
  const [tried, setTried] = useState(false);
  const changed = editing(bank);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok || !senderName.trim() || !reference.trim()) return;
    bank.submit({ currency, amount: amount.value, senderName, reference });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.bank.title')}</h2>
      <p className="hint-text">{t('simulate.bank.lead')}</p>
      <form className="form" noValidate onSubmit={submit} aria-busy={bank.busy}>
        <SelectField
          label={t('simulate.bank.currency')}
          value={currency}
          onChange={(event) => changed(setCurrency)(event.target.value as FiatAsset)}
          options={currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        />
        <TextField
          label={t('simulate.bank.sender')}
          value={senderName}
          autoComplete="off"
          maxLength={100}
          onChange={(event) => changed(setSenderName)(event.target.value)}
          error={tried && !senderName.trim() ? t('simulate.bank.senderRequired') : null}
        />
        <TextField
          label={t('simulate.bank.reference')}
          hint={t('simulate.bank.referenceHint')}
          value={reference}
          dir="ltr"
          autoComplete="off"
          maxLength={140}
          onChange={(event) => changed(setReference)(event.target.value)}
          error={tried && !reference.trim() ? t('simulate.bank.referenceRequired') : null}
        />
        <MovementAmount asset={currency} typed={typed} tried={tried} onChange={changed(setTyped)} />
        <div className="form-alert" role="alert">
          {failureText(bank.failure)}
        </div>
        <Button variant="primary" block type="submit" busy={bank.busy}>
          {t('simulate.bank.submit')}
        </Button>
      </form>
    </section>
  );
}

function networksOf(account: SimulationAccount): readonly Network[] {
  return ASSETS.find((asset) => asset.code === account.currency)?.networks ?? [];
}

function CryptoDepositForm({ accounts }: { accounts: SimulationAccount[] }) {
  const { t } = useTranslation();
  const labelOf = useAccountLabel();
  const failureText = useFailureText();
  const id = useId();
  const system = useSystem();
  const deposit = useWrite(simulateCryptoDepositMachine, () => simulateCryptoDepositActors(system));
  const [accountId, setAccountId] = useState(accounts[0]!.id);
  const account = accounts.find((item) => item.id === accountId) ?? accounts[0]!;
  const networks = networksOf(account);
  const [chosenNetwork, setNetwork] = useState<Network | null>(null);
  const network = chosenNetwork && networks.includes(chosenNetwork) ? chosenNetwork : networks[0]!;
  const [typed, setTyped] = useState(NO_AMOUNT);
  const amount = typed.parsed;
  const [tried, setTried] = useState(false);
  const changed = editing(deposit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok) return;
    deposit.submit({ accountId: account.id, network, amount: amount.value });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.crypto.title')}</h2>
      <p className="hint-text">{t('simulate.crypto.lead')}</p>
      <form className="form" noValidate onSubmit={submit} aria-busy={deposit.busy}>
        <SelectField
          label={t('simulate.crypto.account')}
          value={account.id}
          onChange={(event) => changed(setAccountId)(event.target.value)}
          options={accounts.map((item) => (
            <option key={item.id} value={item.id}>
              {labelOf(item)}
            </option>
          ))}
        />
        <SelectField
          label={t('simulate.crypto.network')}
          value={network}
          onChange={(event) => changed(setNetwork)(event.target.value as Network)}
          options={networks.map((code) => (
            <option key={code} value={code}>
              {NETWORKS[code].name}
            </option>
          ))}
        />
        <MovementAmount asset={account.currency} typed={typed} tried={tried} onChange={changed(setTyped)} />
        <div className="form-alert" role="alert">
          {failureText(deposit.failure)}
        </div>
        <Button variant="primary" block type="submit" busy={deposit.busy}>
          {t('simulate.crypto.submit')}
        </Button>
      </form>
    </section>
  );
}

/** Every card of the customer's card accounts (today at most one account), for the card to pay with. */
function useCustomerCards() {
  const api = useApi(cardsApi);
  const live = useHydrated();
  const accounts = useCardAccounts();
  const ids = (accounts.data ?? []).map((account) => account.id);
  const cards = useQuery({
    queryKey: [...CARD_ACCOUNTS_QUERY, 'all-cards', ...ids],
    enabled: live && accounts.isSuccess,
    queryFn: async ({ signal }) => (await Promise.all(ids.map(async (id) => unwrap(api.listCards(id, { retry: false, signal }))))).flat(),
  });
  const currencyOf = (card: Card) => accounts.data?.find((account) => account.id === card.accountId)?.currency ?? 'EUR';
  return { cards: cards.data, failed: accounts.isError || cards.isError, currencyOf };
}

/**
 * A merchant charges one of the customer's cards (POST /simulate/card-authorizations): the card network
 * applies the freeze, the switches, the limits and the available credit, and says approved or declined
 * and why. The amount is in the card account's currency, which the endpoint charges in.
 */
function CardPaymentForm() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const id = useId();
  const system = useSystem();
  const payment = useWrite(simulateCardPaymentMachine, () => simulateCardPaymentActors(system));
  const { cards, failed, currencyOf } = useCustomerCards();
  const [chosenCardId, setCardId] = useState<string | null>(null);
  const card = cards?.find((item) => item.id === chosenCardId) ?? cards?.[0];
  const [merchant, setMerchant] = useState('');
  const [channel, setChannel] = useState<CardChannel>('online');
  const [typed, setTyped] = useState(NO_AMOUNT);
  const amount = typed.parsed;
  const [tried, setTried] = useState(false);
  const changed = editing(payment);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!card || !amount.ok || !merchant.trim()) return;
    payment.submit({
      body: { cardId: card.id, amount: amount.value, merchant: merchant.trim(), channel },
      accountId: card.accountId,
      currency: currencyOf(card),
    });
  };
  const currency = card ? currencyOf(card) : 'EUR';
  // Why the card network declined the payment, in the customer's words (`cardPayment.declined.<code>`).
  const declined = payment.failure ? failureText(t, 'cardPayment.declined', payment.failure) : null;
  const approved = payment.done && payment.output ? { paid: payment.output, currency: payment.input!.currency } : null;

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('cardPayment.title')}</h2>
      <p className="hint-text">{t('cardPayment.lead')}</p>
      {cards === undefined && !failed ? (
        <div className="skeleton skeleton--block" aria-hidden="true" />
      ) : !card ? (
        <p>
          {failed ? t('cardPayment.loadFailed') : t('cardPayment.noCard')}{' '}
          {failed ? null : <Link to={localize('/card-accounts')}>{t('cardPayment.openCards')}</Link>}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={payment.busy}>
          <SelectField
            label={t('cardPayment.card')}
            value={card.id}
            onChange={(event) => changed(setCardId)(event.target.value)}
            options={cards!.map((item) => (
              <option key={item.id} value={item.id}>
                {`${t(`cards.form.${item.form}`)} •••• ${item.last4}`}
              </option>
            ))}
          />
          <TextField
            label={t('cardPayment.merchant')}
            value={merchant}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => changed(setMerchant)(event.target.value)}
            error={tried && !merchant.trim() ? t('cardPayment.merchantRequired') : null}
          />
          <MovementAmount
            asset={currency}
            hint={t('cardPayment.currency', { currency })}
            typed={typed}
            tried={tried}
            onChange={changed(setTyped)}
          />
          <SelectField
            label={t('cardPayment.channel')}
            value={channel}
            onChange={(event) => changed(setChannel)(event.target.value as CardChannel)}
            options={CARD_CHANNELS.map((code) => (
              <option key={code} value={code}>
                {t(`cardPayment.channels.${code}`)}
              </option>
            ))}
          />
          <div className="form-alert" role="alert">
            {declined ? (
              <>
                <strong>{t('cardPayment.declinedTitle')}</strong> {declined}
              </>
            ) : null}
          </div>
          <div role="status">
            {approved ? (
              <div className="notice stack" data-testid="card-payment-approved">
                <strong>{t('cardPayment.approved', { merchant: approved.paid.merchant })}</strong>
                <ListRows label={t('cardPayment.approved', { merchant: approved.paid.merchant })}>
                  <ListRow
                    label={t('cardPayment.paid')}
                    end={<Money amount={approved.paid.amount.replace(/^-/, '')} asset={approved.currency} />}
                  />
                  <ListRow label={t('cardPayment.available')} end={<Money amount={approved.paid.available} asset={approved.currency} />} />
                </ListRows>
                <Link to={localize('/card-accounts/activities')}>{t('cardPayment.seeActivity')}</Link>
              </div>
            ) : null}
          </div>
          <Button variant="primary" block type="submit" busy={payment.busy}>
            {t('cardPayment.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * The recipient's bank sends one of the customer's payouts back with a SEPA reason
 * (POST /simulate/payouts/:id/return): the money comes back and the payout's activity says why.
 */
function PayoutReturnForm() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const failureText = useFailureText();
  const id = useId();
  const system = useSystem();
  const api = useApi(payoutsApi);
  const bounce = useWrite(simulatePayoutReturnMachine, () => simulatePayoutReturnActors(system));
  const payouts = useQuery({ queryKey: PAYOUTS_QUERY, queryFn: async () => unwrap(api.listPayouts()) });
  // A payout comes back once: one returned already is not offered.
  const open = (payouts.data?.payouts ?? []).filter((payout) => payout.status !== 'returned');
  const [chosenId, setPayoutId] = useState<string | null>(null);
  const payout = open.find((item) => item.id === chosenId) ?? open[0];
  const [reason, setReason] = useState<PayoutReturnReason>('AC04');
  const changed = editing(bounce);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payout) bounce.submit({ payoutId: payout.id, reason });
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.payoutReturn.title')}</h2>
      <p className="hint-text">{t('simulate.payoutReturn.lead')}</p>
      {payouts.isPending ? (
        <div className="skeleton skeleton--block" aria-hidden="true" />
      ) : payouts.isError ? (
        <p role="alert">{t('simulate.payoutReturn.loadFailed')}</p>
      ) : !payout ? (
        <p>{t('simulate.payoutReturn.none')}</p>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={bounce.busy}>
          <SelectField
            label={t('simulate.payoutReturn.payout')}
            value={payout.id}
            onChange={(event) => changed(setPayoutId)(event.target.value)}
            options={open.map((item) => (
              <option key={item.id} value={item.id}>
                {`${formatAmount(item.amount, item.currency, locale)} · ${item.holderName} · ${formatDate(new Date(item.createdAt), locale)}`}
              </option>
            ))}
          />
          <SelectField
            label={t('simulate.payoutReturn.reason')}
            value={reason}
            onChange={(event) => changed(setReason)(event.target.value as PayoutReturnReason)}
            options={PAYOUT_RETURN_REASONS.map((code) => (
              <option key={code} value={code}>
                {`${code} · ${t(`withdraw.bank.returnReasons.${code}`)}`}
              </option>
            ))}
          />
          <div className="form-alert" role="alert">
            {failureText(bounce.failure)}
          </div>
          <Button variant="primary" block type="submit" busy={bounce.busy}>
            {t('simulate.payoutReturn.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
