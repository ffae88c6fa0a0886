import { useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CountryCode } from '../../../contract/countryCodes';
import { isDecimal } from '../../../contract/decimal';
import { INVITATION_DAYS } from '../../../contract/sendMoney';
import type { OperationLimits } from '../../../contract/users';
import { sendMoneyMachine, type SendLimit } from '../../../machines/sendMoney/sendMoney.machine';
import { connectSendMoney } from '../../../machines/sendMoney/sendMoney.view';
import { sendMoneyApi } from '../../api/sendMoney';
import { contactsQuery, sendMoneyActors } from '../../app/actors/sendMoney';
import { useApi, useConnect, useFlowActor, useLocalize, useMe, useSystem } from '../../app/context';
import { profileApi } from '../../api/profile';
import { operationLimitsQuery } from '../../app/limits';
import { formatDate, formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { LimitLeft } from '../../ui/LimitLeft';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { amountForInput, formatAmount } from '../../ui/money';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { summaryAccounts } from '../shared/Balances';
import { FailureMessage } from '../shared/FailureMessage';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';

/** What sending counts against: the `payment` limit's remainders, in US dollars. */
const sendLimit = (limits: OperationLimits | undefined): SendLimit | null =>
  limits ? { day: limits.payment.daily.left, month: limits.payment.monthly.left } : null;

/**
 * /send: once the customer's country is known (a phone number without + is read in it) and the sending
 * limit was read (or could not be: the server still checks it), so an amount over it is refused as typed.
 */
export function SendScreen() {
  const me = useMe();
  const api = useApi(profileApi);
  const limits = useQuery(operationLimitsQuery(api));
  return me.data && !limits.isPending ? (
    <SendFlow country={me.data.country} limits={limits.data} failed={limits.isError} />
  ) : (
    <div className="skeleton skeleton--block" aria-hidden="true" />
  );
}

function SendFlow({ country, limits, failed }: { country: CountryCode; limits: OperationLimits | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const system = useSystem();
  const localize = useLocalize();
  const limit = sendLimit(limits);
  const flow = useFlowActor(sendMoneyMachine, () => sendMoneyActors(system), { input: { country, limit } });
  const view = useConnect(flow, connectSendMoney);
  // Read again after each send: the next one is checked against what is left then.
  const [day, month] = [limit?.day, limit?.month];
  const changeLimit = useEffectEvent(view.changeLimit);
  useEffect(() => {
    if (day !== undefined && month !== undefined) changeLimit({ day, month });
  }, [day, month]);
  const stepUp = useSelector(flow, stepUpChild);
  return (
    <>
      <p className="page-lead">{t('sendMoney.lead')}</p>
      {view.editing ? (
        <LimitLeft
          title={t('limits.send')}
          usage={limits?.payment}
          failed={failed}
          action={<Link to={localize('/profile')}>{t('limits.raiseLimit')}</Link>}
        />
      ) : null}
      {view.editing ? <SendForm view={view} /> : view.reviewing ? <Review view={view} /> : null}
      {view.sent ? <Receipt view={view} /> : null}
      <p>
        <Link to={localize('/send/requests')}>{t('sendMoney.requestsLink')}</Link>
      </p>
      <StepUpSheet actor={stepUp} />
    </>
  );
}

type View = ReturnType<typeof connectSendMoney>;

/** The form, and the recent contacts under it (a press fills the recipient). */
function SendForm({ view }: { view: View }) {
  const { t } = useTranslation();
  const { summary } = useBalances();
  const accounts = summary ? summaryAccounts(summary) : [];
  const locale = useUiLocale();
  // Back from the review, the amount shows in the language's digits again, as the customer typed it.
  const [typed, setTyped] = useState(() => (isDecimal(view.amount) ? amountForInput(view.amount, locale) : view.amount));
  const choose = (id: string) => {
    const account = accounts.find((candidate) => candidate.id === id);
    if (account) {
      view.chooseAccount({ id: account.id, asset: account.currency, balance: account.balance, rate: account.rate });
    }
  };
  // What may still be sent, cut down to what is worth reading (never rounded up past the limit).
  const amountText = (amount: string | undefined) =>
    amount && view.asset ? formatAmount(amount, view.asset, locale, { rounded: true }) : '';
  return (
    <>
      <Form busy={view.busy} onSubmit={view.review}>
        <FormAlert>
          {view.failure ? (
            <FailureMessage scope="sendMoney.failures" failure={view.failure} values={{ amount: amountText(view.failure.fields?.left) }} />
          ) : null}
        </FormAlert>
        <TextField
          label={t('sendMoney.to')}
          hint={t('sendMoney.toHint')}
          name="to"
          autoComplete="off"
          dir="ltr"
          value={view.to}
          onChange={(e) => view.changeRecipient(e.target.value)}
        />
        <SelectField
          label={t('sendMoney.account')}
          name="account"
          value={view.accountId ?? ''}
          onChange={(e) => choose(e.target.value)}
          options={
            <>
              <option value="" disabled>
                {t('sendMoney.chooseAccount')}
              </option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.currency}
                </option>
              ))}
            </>
          }
        />
        <AmountInput
          label={t('sendMoney.amount')}
          name="amount"
          asset={view.asset ?? 'EUR'}
          hint={view.upTo ? t(`sendMoney.upTo.${view.upTo.by}`, { amount: amountText(view.upTo.amount) }) : undefined}
          value={typed}
          onChange={(text, parsed) => {
            setTyped(text);
            view.typeAmount(parsed.ok ? parsed.value : text);
          }}
        />
        <TextField
          label={t('sendMoney.note')}
          name="note"
          maxLength={140}
          value={view.note}
          onChange={(e) => view.changeNote(e.target.value)}
        />
        <Button variant="primary" type="submit" busy={view.busy}>
          {t('sendMoney.review')}
        </Button>
      </Form>
      <Contacts onChoose={view.changeRecipient} />
    </>
  );
}

/** Whom the customer sent to, most recent first, searched by name or address. */
function Contacts({ onChoose }: { onChoose: (to: string) => void }) {
  const { t } = useTranslation();
  const api = useApi(sendMoneyApi);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const contacts = useQuery(contactsQuery(api, q));
  return (
    <section className="stack" aria-labelledby="send-contacts">
      <h2 id="send-contacts">{t('sendMoney.contacts.title')}</h2>
      <TextField
        label={t('sendMoney.contacts.search')}
        name="contact-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {contacts.data?.length === 0 ? (
        <p>{q ? t('sendMoney.contacts.noMatch') : t('sendMoney.contacts.none')}</p>
      ) : (
        <ListRows label={t('sendMoney.contacts.title')}>
          {(contacts.data ?? []).map((contact) => (
            <ListRow
              key={contact.to}
              testId="send-contact"
              label={<bdi>{contact.name ?? contact.to}</bdi>}
              hint={contact.name ? <bdi dir="ltr">{contact.to}</bdi> : undefined}
              onClick={() => onChoose(contact.to)}
            />
          ))}
        </ListRows>
      )}
    </section>
  );
}

/** The review: to whom (masked name, or an invitation), how much, from which account; Send or Change. */
function Review({ view }: { view: View }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const address = <bdi dir="ltr">{view.address}</bdi>;
  return (
    <section className="stack" aria-labelledby="send-review" data-testid="send-review">
      <h2 id="send-review">{t('sendMoney.confirm.title')}</h2>
      <FormAlert>{view.failure ? <FailureMessage scope="sendMoney.failures" failure={view.failure} /> : null}</FormAlert>
      <dl className="facts">
        <div>
          <dt>{t('sendMoney.confirm.to')}</dt>
          <dd>
            {view.recipient?.name ? <bdi>{view.recipient.name}</bdi> : null} {address}
          </dd>
        </div>
        <div>
          <dt>{t('sendMoney.confirm.amount')}</dt>
          <dd>
            <Money amount={view.amount} asset={view.asset!} />
          </dd>
        </div>
        {view.note.trim() ? (
          <div>
            <dt>{t('sendMoney.confirm.note')}</dt>
            <dd>{view.note.trim()}</dd>
          </div>
        ) : null}
      </dl>
      {view.recipient && !view.recipient.customer ? (
        <p className="notice">
          {t('sendMoney.confirm.invite', {
            days: formatNumber(INVITATION_DAYS, locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
          })}
        </p>
      ) : null}
      <div className="button-row">
        <Button variant="primary" busy={view.busy} onClick={view.confirm}>
          {t('sendMoney.confirm.send')}
        </Button>
        <Button disabled={view.busy} onClick={view.edit}>
          {t('sendMoney.confirm.change')}
        </Button>
      </div>
    </section>
  );
}

/** The outcome: sent, partly held over the receiver's limit, or waiting for the invitee until a date. */
function Receipt({ view }: { view: View }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const receipt = view.receipt!;
  const values = {
    name: receipt.recipientName ?? receipt.to ?? '',
    address: receipt.to ?? '',
    date: receipt.expiresAt ? formatDate(new Date(receipt.expiresAt), locale) : '',
  };
  return (
    <section className="stack" aria-labelledby="send-sent">
      <h2 id="send-sent">{t(`sendMoney.sent.title.${receipt.status}`)}</h2>
      <p role="status">
        <Money amount={receipt.amount} asset={receipt.asset} /> · {t(`sendMoney.sent.${receipt.status}`, values)}
      </p>
      {receipt.status === 'held' ? (
        <p>
          {t('sendMoney.sent.heldPart')} <Money amount={receipt.held} asset={receipt.asset} />
        </p>
      ) : null}
      <Button onClick={view.startNew}>{t('sendMoney.sent.again')}</Button>
    </section>
  );
}
