import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { printedIban } from '../../../contract/bankAccount';
import { BENEFICIARY_LABEL_MAX_LENGTH, MINIMUM_PAYOUT, type Payout, type PayoutCurrency } from '../../../contract/payouts';
import { bankPayoutMachine, type BeneficiaryDraft } from '../../../machines/bankPayout/bankPayout.machine';
import { connectBankPayout } from '../../../machines/bankPayout/bankPayout.view';
import { usableFrom } from '../../../machines/withdrawal/withdrawal.view';
import { bankPayoutActors } from '../../app/actors/bankPayout';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { SelectField, TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { useUiLocale } from '../../ui/useUiLocale';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import { DestinationBook } from './DestinationBook';
import {
  coolingOffHours,
  Fact,
  isolated,
  NewDestinationCard,
  ProgressLinks,
  QuoteFacts,
  ReviewCard,
  SendOutAmount,
  SendOutHead,
  SendOutLoadFailed,
  SendOutLoading,
} from './SendOutParts';
import './withdraw.css';

/** /accounts/fiat/withdraw/{iso} (the route admits payout currencies only): the bank payout statechart's form, its quote, and the payout as it goes. */
export function BankPayoutScreen() {
  return <BankPayoutFlow currency={(useParams().iso ?? '').toUpperCase() as PayoutCurrency} />;
}

function BankPayoutFlow({ currency }: { currency: PayoutCurrency }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const { summary } = useBalances();
  const balance = summary?.fiat.accounts_limit_balances.find((account) => account.currency === currency)?.balance;
  // What the flow checks the amount against: no account in the currency holds nothing; unknown until the balances came.
  const covers = summary ? (balance ?? '0') : null;
  const flow = useFlowActor(bankPayoutMachine, () => bankPayoutActors(system), { input: { currency, balance: covers } });
  const view = useConnect(flow, connectBankPayout);
  const balanceChanged = useEffectEvent((covered: string) => view.balanceChanged(covered));
  useEffect(() => {
    if (covers !== null) balanceChanged(covers);
  }, [covers]);
  const stepUp = useSelector(flow, stepUpChild);
  const [typed, setTyped] = useState(view.amount);
  const error = view.failure ? failureText(t, 'withdraw.bank.failures', view.failure, { unknown: 'withdraw.bank.failures.unknown' }) : null;
  const when = (at: Date | string) => formatDate(new Date(at), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const coolingOffUntil = usableFrom({ addresses: view.beneficiaries, addressId: view.beneficiaryId }, new Date());
  const chosen = view.beneficiaries.find((beneficiary) => beneficiary.id === view.quote?.beneficiaryId);

  if (view.loading) return <SendOutLoading label={t('withdraw.bank.loading')} />;
  if (view.loadFailed) return <SendOutLoadFailed failure={view.failure!} onRetry={view.retry} />;
  return (
    <section className="stack" aria-labelledby="payout-title">
      <SendOutHead
        id="payout-title"
        title={t('withdraw.bank.title', { currency })}
        asset={currency}
        balance={balance}
        testId="payout-available"
      />
      {view.onForm ? (
        <Form busy={view.busy} onSubmit={view.requestQuote}>
          {view.beneficiaries.length > 0 ? (
            <SelectField
              label={t('withdraw.bank.beneficiary')}
              name="beneficiary"
              value={view.beneficiaryId ?? ''}
              onChange={(event) => view.choose(event.target.value)}
              options={view.beneficiaries.map((beneficiary) => (
                <option key={beneficiary.id} value={beneficiary.id}>
                  {`${beneficiary.label} · ${beneficiary.holderName} · ${isolated(`${beneficiary.iban.slice(0, 4)}…${beneficiary.iban.slice(-4)}`)}`}
                </option>
              ))}
            />
          ) : (
            <p className="hint-text">{t('withdraw.bank.noBeneficiary')}</p>
          )}
          {coolingOffUntil ? (
            <p className="hint-text" data-testid="payout-cooling-off">
              {t('withdraw.bank.usableFrom', { when: when(coolingOffUntil) })}
            </p>
          ) : null}
          <div>
            <Button variant="link" onClick={view.addBeneficiary}>
              {t('withdraw.bank.addBeneficiary')}
            </Button>
          </div>
          <SendOutAmount
            asset={currency}
            typed={typed}
            balance={balance}
            minimum={MINIMUM_PAYOUT[currency]}
            onChange={(text, amount) => {
              setTyped(text);
              view.typeAmount(amount);
            }}
          />
          {/* A rename's refusal is said in its own form. */}
          <FormAlert>{view.renaming ? null : error}</FormAlert>
          <Button variant="primary" type="submit" block busy={view.busy}>
            {t('withdraw.review')}
          </Button>
        </Form>
      ) : null}
      {view.onForm && view.beneficiaries.length > 0 ? (
        <DestinationBook
          id="payout-book"
          title={t('withdraw.bank.book.title')}
          removeLead={t('withdraw.bank.book.removeLead')}
          testId="payout-book-entry"
          maxLength={BENEFICIARY_LABEL_MAX_LENGTH}
          rows={view.beneficiaries.map((beneficiary) => ({
            id: beneficiary.id,
            label: beneficiary.label,
            hint: [
              beneficiary.holderName,
              <bdi key="iban" dir="ltr">
                {printedIban(beneficiary.iban)}
              </bdi>,
            ],
          }))}
          book={view}
          failure={view.renaming ? error : null}
        />
      ) : null}
      {view.addingDestination ? (
        <NewBeneficiaryForm
          draft={view.draft}
          coolingOff={
            view.coolingOffSeconds > 0
              ? t('withdraw.bank.coolingOffPeriod', { period: coolingOffHours(view.coolingOffSeconds, locale) })
              : null
          }
          busy={view.busy}
          error={view.ibanProblem ? t(`withdraw.bank.failures.${view.ibanProblem}`) : error}
          bicNeeded={view.bicNeeded}
          onIbanTyped={view.typeIban}
          onSubmit={view.saveBeneficiary}
          onCancel={view.cancelBeneficiary}
        />
      ) : null}
      {view.reviewing && view.quote ? (
        <ReviewCard
          testId="payout-quote"
          confirmLabel={t('withdraw.bank.confirm')}
          error={error}
          busy={view.busy}
          onConfirm={view.confirm}
          onEdit={view.edit}
        >
          <QuoteFacts asset={currency} quote={view.quote} feeLabel={t('withdraw.bank.fee')} receivedLabel={t('withdraw.bank.received')}>
            <Fact term={t('withdraw.bank.arrivesBy')}>{when(view.quote.arrivesBy)}</Fact>
            <Fact term={t('withdraw.to')} code>
              <span>{chosen ? `${chosen.label} · ${view.quote.holderName}` : view.quote.holderName}</span>
              <bdi dir="ltr">{printedIban(view.quote.iban)}</bdi>
            </Fact>
          </QuoteFacts>
        </ReviewCard>
      ) : null}
      {view.underWay && view.payout ? <PayoutProgress payout={view.payout} arrivesBy={when(view.payout.arrivesBy)} /> : null}
      <StepUpSheet actor={stepUp} />
    </section>
  );
}

/** A new beneficiary; what was typed stays through every refusal (the statechart keeps the submitted draft). */
function NewBeneficiaryForm(props: {
  draft: BeneficiaryDraft;
  /** How long a new beneficiary waits before it can be paid; none when at once. */
  coolingOff: string | null;
  busy: boolean;
  /** What is wrong with the IBAN as typed, or why the account was refused. */
  error: string | null;
  /** The IBAN's country needs the BIC (a SEPA country outside the EEA). */
  bicNeeded: boolean;
  onIbanTyped: (iban: string) => void;
  onSubmit: (draft: BeneficiaryDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.draft);
  const field = (name: keyof BeneficiaryDraft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <NewDestinationCard
      title={t('withdraw.bank.newTitle')}
      saveLabel={t('withdraw.bank.save')}
      coolingOff={props.coolingOff}
      busy={props.busy}
      onSubmit={() => props.onSubmit(draft)}
      onCancel={props.onCancel}
    >
      <TextField label={t('withdraw.bank.holderName')} name="holder-name" autoComplete="name" maxLength={70} {...field('holderName')} />
      <TextField
        label={t('accounts.detail.iban')}
        name="iban"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        hint={t('withdraw.bank.ibanHint')}
        error={props.error}
        value={draft.iban}
        onChange={(event) => {
          setDraft({ ...draft, iban: event.target.value });
          props.onIbanTyped(event.target.value);
        }}
        // Once left, shown as printed on a statement: in groups of four, upper case.
        onBlur={() => setDraft({ ...draft, iban: printedIban(draft.iban) })}
      />
      {/* A BIC typed before the IBAN's country changed stays visible: it is still sent. */}
      {props.bicNeeded || draft.bic !== '' ? (
        <TextField
          label={t('accounts.detail.bic')}
          name="bic"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          hint={t('withdraw.bank.bicHint')}
          {...field('bic')}
        />
      ) : null}
      <TextField label={t('withdraw.label')} name="label" maxLength={40} hint={t('withdraw.bank.labelHint')} {...field('label')} />
    </NewDestinationCard>
  );
}

/** The payout as it goes: submitted, in transit, on the bank account, or returned with the bank's reason. */
function PayoutProgress({ payout, arrivesBy }: { payout: Payout; arrivesBy: string }) {
  const { t } = useTranslation();
  const settled = payout.status === 'settled' || payout.status === 'returned';
  return (
    <section className="card stack" aria-labelledby="payout-status">
      <p
        id="payout-status"
        className={`withdraw-status withdraw-status--${payout.status}`}
        role="status"
        aria-live="polite"
        data-testid="payout-status"
      >
        {t(`withdraw.bank.status.${payout.status}`)}
      </p>
      {payout.returnReason ? <p data-testid="payout-return-reason">{t(`withdraw.bank.returnReasons.${payout.returnReason}`)}</p> : null}
      <dl className="fact-list">
        <Fact term={t('withdraw.bank.received')}>
          <Money amount={payout.received} asset={payout.currency} />
        </Fact>
        {settled ? null : <Fact term={t('withdraw.bank.arrivesBy')}>{arrivesBy}</Fact>}
        <Fact term={t('withdraw.to')} code>
          <span>{payout.holderName}</span>
          <bdi dir="ltr">{printedIban(payout.iban)}</bdi>
        </Fact>
      </dl>
      <ProgressLinks activityId={payout.activityId} settled={settled} />
    </section>
  );
}
