import { useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSETS, type Asset } from '../../../contract/assetList';
import type { CountryCode } from '../../../contract/countryCodes';
import type { MoneyRequest } from '../../../contract/sendMoney';
import { moneyRequestsMachine } from '../../../machines/moneyRequests/moneyRequests.machine';
import { connectMoneyRequests } from '../../../machines/moneyRequests/moneyRequests.view';
import { sendMoneyApi } from '../../api/sendMoney';
import { moneyRequestsActors, moneyRequestsQuery } from '../../app/actors/sendMoney';
import { useApi, useConnect, useFlowActor, useLocalize, useMe, useSystem } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Form, FormAlert } from '../../ui/Form';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money, useTypedAmount } from '../../ui/Money';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { summaryAccounts } from '../shared/Balances';
import { FailureMessage } from '../shared/FailureMessage';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';

/** /send/requests: once the customer's country is known (a phone number without + is read in it). */
export function MoneyRequestsScreen() {
  const me = useMe();
  return me.data ? <RequestsFlow country={me.data.country} /> : <div className="skeleton skeleton--block" aria-hidden="true" />;
}

type View = ReturnType<typeof connectMoneyRequests>;

function RequestsFlow({ country }: { country: CountryCode }) {
  const { t } = useTranslation();
  const system = useSystem();
  const localize = useLocalize();
  const api = useApi(sendMoneyApi);
  const flow = useFlowActor(moneyRequestsMachine, () => moneyRequestsActors(system), { input: { country } });
  const view = useConnect(flow, connectMoneyRequests);
  const stepUp = useSelector(flow, stepUpChild);
  const requests = useQuery(moneyRequestsQuery(api));
  return (
    <>
      <p className="page-lead">{t('sendMoney.requests.lead')}</p>
      <AskForm view={view} />
      <section className="stack" aria-labelledby="money-requests">
        <h2 id="money-requests">{t('sendMoney.requests.title')}</h2>
        {requests.isError ? (
          <div className="stack">
            <p role="alert">{t('sendMoney.requests.loadFailed')}</p>
            <Button onClick={() => void requests.refetch()}>{t('sendMoney.requests.retry')}</Button>
          </div>
        ) : requests.data?.length === 0 ? (
          <EmptyState title={t('sendMoney.requests.empty')} action={null} />
        ) : (
          <ListRows label={t('sendMoney.requests.title')}>
            {(requests.data ?? []).map((request) => (
              <RequestRow key={request.id} request={request} view={view} />
            ))}
          </ListRows>
        )}
      </section>
      <p>
        <Link to={localize('/send')}>{t('sendMoney.sendLink')}</Link>
      </p>
      <StepUpSheet actor={stepUp} />
    </>
  );
}

/** Ask a customer for an amount, by their e-mail address or phone number. */
function AskForm({ view }: { view: View }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [asset, setAsset] = useState<Asset>('EUR');
  const amount = useTypedAmount();
  const [note, setNote] = useState('');
  return (
    <Form busy={view.busy} onSubmit={() => view.ask({ from, asset, amount: amount.value, note })} labelledBy="ask-money">
      <h2 id="ask-money">{t('sendMoney.requests.ask')}</h2>
      <FormAlert>{view.askFailure ? <FailureMessage scope="sendMoney.failures" failure={view.askFailure} /> : null}</FormAlert>
      <p role="status">{view.asked ? t('sendMoney.requests.asked') : null}</p>
      <TextField
        label={t('sendMoney.requests.from')}
        hint={t('sendMoney.toHint')}
        name="from"
        autoComplete="off"
        dir="ltr"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <SelectField
        label={t('sendMoney.requests.asset')}
        name="asset"
        value={asset}
        onChange={(e) => setAsset(e.target.value as Asset)}
        options={ASSETS.map((item) => (
          <option key={item.code} value={item.code}>
            {item.code}
          </option>
        ))}
      />
      <AmountInput label={t('sendMoney.amount')} name="amount" asset={asset} value={amount.text} onChange={amount.onChange} />
      <TextField label={t('sendMoney.note')} name="note" maxLength={140} value={note} onChange={(e) => setNote(e.target.value)} />
      <Button variant="primary" type="submit" busy={view.asking} disabled={view.busy}>
        {t('sendMoney.requests.submit')}
      </Button>
    </Form>
  );
}

/** One request: who, how much, its status; the side that may act on an open one has its buttons. */
function RequestRow({ request, view }: { request: MoneyRequest; view: View }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { summary } = useBalances();
  const name = request.counterpartyName ?? t('sendMoney.requests.someone');
  const payFrom = summary ? summaryAccounts(summary).find((account) => account.currency === request.asset) : undefined;
  const about = view.requestId === request.id;
  const open = request.status === 'open';
  const buttons =
    request.direction === 'incoming' ? (
      <>
        {payFrom ? (
          <Button
            variant="primary"
            disabled={view.busy}
            busy={view.paying(request.id)}
            onClick={() => view.pay(request, { id: payFrom.id, balance: payFrom.balance })}
          >
            {t('sendMoney.requests.pay')}
          </Button>
        ) : null}
        <Button disabled={view.busy} onClick={() => view.answer(request.id, 'decline')}>
          {t('sendMoney.requests.decline')}
        </Button>
      </>
    ) : (
      <>
        <Button disabled={view.busy} onClick={() => view.answer(request.id, 'remind')}>
          {t('sendMoney.requests.remind')}
        </Button>
        <Button disabled={view.busy} onClick={() => view.answer(request.id, 'cancel')}>
          {t('sendMoney.requests.cancel')}
        </Button>
      </>
    );
  return (
    <ListRow
      testId="money-request"
      label={<bdi>{t(`sendMoney.requests.${request.direction}`, { name })}</bdi>}
      hint={[
        <Money key="amount" amount={request.amount} asset={request.asset} />,
        ...(request.note ? [<bdi key="note">{request.note}</bdi>] : []),
        `${t(`sendMoney.requests.status.${request.status}`)} · ${formatDate(new Date(request.createdAt), locale)}`,
        ...(open && request.direction === 'incoming' && !payFrom ? [t('sendMoney.requests.noAccount', { asset: request.asset })] : []),
        ...(about && view.answered
          ? [
              <span key="done" role="status">
                {t(`sendMoney.requests.done.${view.answered}`)}
              </span>,
            ]
          : []),
        ...(about && view.answerFailure
          ? [
              <span key="failure" role="alert">
                <FailureMessage scope="sendMoney.failures" failure={view.answerFailure} />
              </span>,
            ]
          : []),
      ]}
      action={open ? <span className="button-row">{buttons}</span> : undefined}
    />
  );
}
