import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS, NETWORKS, type Network } from '../../../contract/assets';
import type { FiatAsset } from '../../../contract/assets';
import { CARD_CHANNELS, type Card, type CardAuthorization, type CardChannel } from '../../../contract/cards';
import type { SimulatedMovement, SimulationAccount } from '../../../contract/simulate';
import { cardsApi } from '../../api/cards';
import { paymentsApi } from '../../api/payments';
import { simulateApi } from '../../api/simulate';
import { useApi, useLocalize, useSystem } from '../../app/context';
import { moneyMoved } from '../../app/moneyMoved';
import { notify } from '../../app/notify';
import { toFailure } from '../../../machines/failure';
import { Button } from '../../ui/Button';
import { failureText } from '../../ui/failureText';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { formatAmount, type ParsedAmount } from '../../ui/money';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { useHydrated } from '../../ui/useHydrated';
import { CARD_ACCOUNTS_QUERY, storeCardAccountId, useCardAccounts } from '../card-accounts/selectedCardAccount';
import { isMissing, PageNotFound, useFailureText } from './shared';
import { unwrap } from '../../app/actors/unwrap';
import { useAccountLabel, useAccountName } from '../shared/useAccountName';

export const SIMULATION_ACCOUNTS = ['simulate', 'accounts'] as const;
const FIAT_TOP_UP_DETAILS = ['inject', 'fiat', 'details'] as const;

/** Money moved: the balances are fetched at once, and this page's accounts and the activity lists again. */
function onMoved(queryClient: ReturnType<typeof useQueryClient>, system: Parameters<typeof moneyMoved>[0]): Promise<void> {
  moneyMoved(system);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SIMULATION_ACCOUNTS }),
    queryClient.invalidateQueries({ queryKey: ['activities'] }),
  ]).then(() => undefined);
}

/** A money form's idempotency key: one per intended movement, kept across retries of it, new after success. */
function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(() => crypto.randomUUID());
  return [key, () => setKey(crypto.randomUUID())];
}

/** A field's setter that also starts a new intended movement: a new idempotency key, the last answer dropped. */
function resettingSetter(renewKey: () => void, reset: () => void) {
  return <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      renewKey();
      reset();
    };
}

/** A movement's amount, as typed and as parsed. */
interface TypedAmount {
  text: string;
  parsed: ParsedAmount;
}
const NO_AMOUNT: TypedAmount = { text: '', parsed: { ok: false, error: 'empty' } };

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
    retry: (count, error) => !isMissing(error) && count < 3,
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
    </>
  );
}

function useMovement(send: (key: string) => Promise<SimulatedMovement>) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const queryClient = useQueryClient();
  const system = useSystem();
  const [key, renewKey] = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: () => send(key),
    onSuccess: async (movement) => {
      renewKey();
      notify.success(t('simulate.received', { balance: formatAmount(movement.account.balance, movement.account.currency, locale) }));
      await onMoved(queryClient, system);
    },
  });
  return { mutation, renewKey };
}

/**
 * A bank transfer arrives at Meridian's bank with a reference: the customer's own personal reference is
 * filled in (GET /inject/fiat/details), any other one tries the matching and the admins' review.
 */
function BankTransferForm({ accounts }: { accounts: SimulationAccount[] }) {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const payments = useApi(paymentsApi);
  const queryClient = useQueryClient();
  const system = useSystem();
  const failureText = useFailureText();
  const id = useId();
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
  const [key, renewKey] = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: async () =>
      unwrap(api.simulateBankTransfer({ currency, amount: amount.ok ? amount.value : '', senderName, reference }, key)),
    onSuccess: async (transfer) => {
      renewKey();
      notify.success(t(transfer.status === 'credited' ? 'simulate.bank.credited' : 'simulate.bank.held'));
      await onMoved(queryClient, system);
    },
  });
  const changed = resettingSetter(renewKey, mutation.reset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok || !senderName.trim() || !reference.trim()) return;
    mutation.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.bank.title')}</h2>
      <p className="hint-text">{t('simulate.bank.lead')}</p>
      <form className="form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
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
          {failureText(mutation.error)}
        </div>
        <Button variant="primary" block type="submit" busy={mutation.isPending}>
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
  const api = useApi(simulateApi);
  const failureText = useFailureText();
  const id = useId();
  const [accountId, setAccountId] = useState(accounts[0]!.id);
  const account = accounts.find((item) => item.id === accountId) ?? accounts[0]!;
  const networks = networksOf(account);
  const [chosenNetwork, setNetwork] = useState<Network | null>(null);
  const network = chosenNetwork && networks.includes(chosenNetwork) ? chosenNetwork : networks[0]!;
  const [typed, setTyped] = useState(NO_AMOUNT);
  const amount = typed.parsed;
  const [tried, setTried] = useState(false);
  const { mutation, renewKey } = useMovement(async (key) =>
    unwrap(api.simulateCryptoDeposit({ accountId: account.id, network, amount: amount.ok ? amount.value : '' }, key)),
  );
  const changed = resettingSetter(renewKey, mutation.reset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!amount.ok) return;
    mutation.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('simulate.crypto.title')}</h2>
      <p className="hint-text">{t('simulate.crypto.lead')}</p>
      <form className="form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
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
          {failureText(mutation.error)}
        </div>
        <Button variant="primary" block type="submit" busy={mutation.isPending}>
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
  const api = useApi(simulateApi);
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const system = useSystem();
  const id = useId();
  const { cards, failed, currencyOf } = useCustomerCards();
  const [chosenCardId, setCardId] = useState<string | null>(null);
  const card = cards?.find((item) => item.id === chosenCardId) ?? cards?.[0];
  const [merchant, setMerchant] = useState('');
  const [channel, setChannel] = useState<CardChannel>('online');
  const [typed, setTyped] = useState(NO_AMOUNT);
  const amount = typed.parsed;
  const [tried, setTried] = useState(false);
  const [key, renewKey] = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: async (): Promise<{ paid: CardAuthorization; currency: string }> => ({
      paid: await unwrap(
        api.simulateCardAuthorization({ cardId: card!.id, amount: amount.ok ? amount.value : '', merchant: merchant.trim(), channel }, key),
      ),
      currency: currencyOf(card!),
    }),
    onSuccess: async () => {
      renewKey();
      // The paid card's account is the one whose activity the customer looks at next (the link below).
      storeCardAccountId(card!.accountId);
      await Promise.all([onMoved(queryClient, system), queryClient.invalidateQueries({ queryKey: CARD_ACCOUNTS_QUERY })]);
    },
  });
  const changed = resettingSetter(renewKey, mutation.reset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!card || !amount.ok || !merchant.trim()) return;
    mutation.mutate();
  };
  const currency = card ? currencyOf(card) : 'EUR';
  // Why the card network declined the payment, in the customer's words (`cardPayment.declined.<code>`).
  const declined = mutation.error ? failureText(t, 'cardPayment.declined', toFailure(mutation.error)) : null;

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
        <form className="form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
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
            {mutation.data ? (
              <div className="notice stack" data-testid="card-payment-approved">
                <strong>{t('cardPayment.approved', { merchant: mutation.data.paid.merchant })}</strong>
                <ListRows label={t('cardPayment.approved', { merchant: mutation.data.paid.merchant })}>
                  <ListRow
                    label={t('cardPayment.paid')}
                    end={<Money amount={mutation.data.paid.amount.replace(/^-/, '')} asset={mutation.data.currency} />}
                  />
                  <ListRow
                    label={t('cardPayment.available')}
                    end={<Money amount={mutation.data.paid.available} asset={mutation.data.currency} />}
                  />
                </ListRows>
                <Link to={localize('/card-accounts/activities')}>{t('cardPayment.seeActivity')}</Link>
              </div>
            ) : null}
          </div>
          <Button variant="primary" block type="submit" busy={mutation.isPending}>
            {t('cardPayment.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
