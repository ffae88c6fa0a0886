import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Locale } from '../../../contract';
import { cryptoAssetSchema } from '../../../contract/assets';
import { RECURRING_FREQUENCIES, type RecurringBuy, type RecurringFrequency } from '../../../contract/recurringBuys';
import { localDay } from '../../../contract/recurringCalendar';
import { recurringBuyMachine, type RecurringBuyInput } from '../../../machines/recurringBuy/recurringBuy.machine';
import { connectRecurringBuy } from '../../../machines/recurringBuy/recurringBuy.view';
import { recurringBuyActors } from '../../app/actors/recurringBuy';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { formatDate, formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { AmountInput, Money } from '../../ui/Money';
import { Sheet } from '../../ui/Sheet';
import { SelectField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { useUiLocale } from '../../ui/useUiLocale';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { useBalances } from '../shared/useBalances';
import './recurringBuys.css';

type Translate = ReturnType<typeof useTranslation>['t'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** A plan's day (`2026-03-31`, a day in its own time zone) in the page's language. */
const dayText = (day: string, locale: Locale) =>
  formatDate(new Date(`${day}T00:00:00Z`), locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** An ISO weekday's name: 1 January 2024 was a Monday. */
const weekdayText = (weekday: number, locale: Locale) =>
  formatDate(new Date(Date.UTC(2024, 0, weekday)), locale, { weekday: 'long', timeZone: 'UTC' });

/** When a plan runs, in words: every day, every Monday, on the 31st of each month. */
function scheduleText(
  t: Translate,
  locale: Locale,
  plan: { frequency: RecurringFrequency; dayOfWeek: number | null; dayOfMonth: number | null },
) {
  if (plan.frequency === 'weekly') return t('recurringBuys.every.weekly', { day: weekdayText(plan.dayOfWeek!, locale) });
  if (plan.frequency === 'monthly') return t('recurringBuys.every.monthly', { day: formatNumber(plan.dayOfMonth!, locale) });
  return t('recurringBuys.every.daily');
}

/** /recurring-buys: the customer's plans with their runs, and a new plan; starts once the accounts are known. */
export function RecurringBuysScreen() {
  const { t } = useTranslation();
  const { summary } = useBalances();
  const [params] = useSearchParams();
  if (!summary) {
    return (
      <section className="card stack" aria-busy="true" aria-label={t('recurringBuys.loading')}>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--block" />
      </section>
    );
  }
  // The browser's time zone is the customer's: plans run on its days.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const input: RecurringBuyInput = {
    timeZone,
    today: localDay(new Date(), timeZone),
    fiat: summary.fiat.accounts_limit_balances.map((account) => ({ id: account.id, asset: account.currency })),
    crypto: summary.crypto.coin_balances.map((account) => ({ id: account.id, asset: account.currency })),
    // An account's "Buy regularly" opens the page for its asset (?asset=ETH); anything else is ignored.
    asset: cryptoAssetSchema.safeParse(params.get('asset')).data,
  };
  return <RecurringBuysFlow input={input} />;
}

function RecurringBuysFlow({ input }: { input: RecurringBuyInput }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const system = useSystem();
  const flow = useFlowActor(recurringBuyMachine, () => recurringBuyActors(system), { input });
  const view = useConnect(flow, connectRecurringBuy);
  const stepUp = useSelector(flow, stepUpChild);
  const error = view.failure ? failureText(t, 'recurringBuys.errors', view.failure) : null;

  if (view.loading) {
    return (
      <section className="card stack" aria-busy="true" aria-label={t('recurringBuys.loading')}>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--block" />
      </section>
    );
  }
  if (view.loadFailed) {
    return (
      <div className="stack">
        <FormAlert>{error}</FormAlert>
        <Button onClick={view.retry}>{t('recurringBuys.retry')}</Button>
      </div>
    );
  }
  if (view.editing) {
    return (
      <>
        <NewPlanForm view={view} error={error} />
        <StepUpSheet actor={stepUp} />
      </>
    );
  }
  const cancelling = view.plans.find((plan) => plan.id === view.confirmingCancel);
  return (
    <section className="stack" aria-labelledby="recurring-title">
      <div className="recurring-head">
        <h2 id="recurring-title" className="section-title">
          {t('recurringBuys.yourPlans')}
        </h2>
        <Button variant="primary" onClick={view.startSetup}>
          {t('recurringBuys.new')}
        </Button>
      </div>
      <FormAlert>{error}</FormAlert>
      {view.plans.length === 0 ? <p className="hint-text">{t('recurringBuys.none')}</p> : null}
      <ul className="recurring-plans" aria-label={t('recurringBuys.yourPlans')}>
        {view.plans.map((plan) => (
          <Plan
            key={plan.id}
            plan={plan}
            created={plan.id === view.createdId}
            busy={plan.id === view.changingId}
            onPause={() => view.pause(plan.id)}
            onResume={() => view.resume(plan.id)}
            onCancel={() => view.cancel(plan.id)}
          />
        ))}
      </ul>
      <Sheet
        open={cancelling !== undefined}
        onClose={view.keepPlan}
        title={t('recurringBuys.cancelTitle')}
        description={
          cancelling ? t('recurringBuys.cancelLead', { plan: `${scheduleText(t, locale, cancelling)} · ${cancelling.toAsset}` }) : undefined
        }
      >
        <div className="stack">
          <Button variant="danger" block onClick={view.confirmCancel}>
            {t('recurringBuys.cancelConfirm')}
          </Button>
          <Button block onClick={view.keepPlan}>
            {t('recurringBuys.keep')}
          </Button>
        </div>
      </Sheet>
    </section>
  );
}

/** One plan: what it buys and when, its status and next run, its latest runs, and what can be done with it. */
function Plan(props: {
  plan: RecurringBuy;
  created: boolean;
  busy: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { plan } = props;
  return (
    <li className="card stack recurring-plan" data-testid="recurring-plan" aria-busy={props.busy}>
      <div className="recurring-head">
        <h3 className="recurring-title">
          {t('recurringBuys.buys', { asset: plan.toAsset })} <Money amount={plan.amount} asset={plan.fromAsset} />
        </h3>
        <span className="badge">{t(`recurringBuys.status.${plan.status}`)}</span>
      </div>
      <p className="hint-text">
        {scheduleText(t, locale, plan)} · <bdi dir="ltr">{plan.timeZone}</bdi>
      </p>
      {props.created ? (
        <p className="hint-text" role="status">
          {t('recurringBuys.created')}
        </p>
      ) : null}
      {plan.nextRun ? <p data-testid="recurring-next">{t('recurringBuys.nextRun', { day: dayText(plan.nextRun, locale) })}</p> : null}
      {plan.runs.length > 0 ? (
        <>
          <h4 className="recurring-runs-title">{t('recurringBuys.runs')}</h4>
          <ul className="recurring-runs">
            {plan.runs.map((run) => (
              <li key={run.period} data-testid="recurring-run">
                <span>{dayText(run.period, locale)}</span>{' '}
                <span className={run.status === 'bought' ? 'badge' : 'badge badge--warning'}>
                  {run.status === 'bought'
                    ? t('recurringBuys.run.bought')
                    : t('recurringBuys.run.skipped', {
                        reason: failureText(t, 'recurringBuys.skipReasons', { code: run.reason ?? 'unknown' }),
                      })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {plan.status === 'cancelled' ? null : (
        <div className="button-row">
          {plan.status === 'active' ? (
            <Button busy={props.busy} onClick={props.onPause}>
              {t('recurringBuys.pause')}
            </Button>
          ) : (
            <Button busy={props.busy} onClick={props.onResume}>
              {t('recurringBuys.resume')}
            </Button>
          )}
          <Button variant="danger" disabled={props.busy} onClick={props.onCancel}>
            {t('recurringBuys.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}

type View = ReturnType<typeof connectRecurringBuy>;

/** A new plan: the accounts, the amount, when it runs, with its first run; the statechart keeps what was typed. */
function NewPlanForm({ view, error }: { view: View; error: string | null }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { draft } = view;
  const [typed, setTyped] = useState(draft.amount);
  const asset = view.fiat.find((account) => account.id === draft.fromAccountId)?.asset;
  return (
    <section className="card stack" aria-labelledby="recurring-new-title">
      <h2 id="recurring-new-title" className="section-title">
        {t('recurringBuys.newTitle')}
      </h2>
      <Form busy={view.busy} onSubmit={view.submit}>
        <SelectField
          label={t('recurringBuys.from')}
          name="from"
          value={draft.fromAccountId ?? ''}
          onChange={(event) => view.chooseFrom(event.target.value)}
          options={view.fiat.map((account) => (
            <option key={account.id} value={account.id}>
              {account.asset}
            </option>
          ))}
        />
        <SelectField
          label={t('recurringBuys.to')}
          name="to"
          value={draft.toAccountId ?? ''}
          onChange={(event) => view.chooseTo(event.target.value)}
          options={view.crypto.map((account) => (
            <option key={account.id} value={account.id}>
              {account.asset}
            </option>
          ))}
        />
        <AmountInput
          label={t('recurringBuys.amount')}
          name="amount"
          asset={asset ?? ''}
          value={typed}
          onChange={(text, parsed) => {
            setTyped(text);
            view.typeAmount(parsed.ok ? parsed.value : '');
          }}
        />
        <SelectField
          label={t('recurringBuys.frequency')}
          name="frequency"
          value={draft.frequency}
          onChange={(event) => view.chooseFrequency(event.target.value as RecurringFrequency)}
          options={RECURRING_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`recurringBuys.frequencies.${frequency}`)}
            </option>
          ))}
        />
        {draft.frequency === 'weekly' ? (
          <SelectField
            label={t('recurringBuys.dayOfWeek')}
            name="dayOfWeek"
            value={String(draft.dayOfWeek)}
            onChange={(event) => view.chooseDayOfWeek(Number(event.target.value))}
            options={WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {weekdayText(day, locale)}
              </option>
            ))}
          />
        ) : null}
        {draft.frequency === 'monthly' ? (
          <SelectField
            label={t('recurringBuys.dayOfMonth')}
            name="dayOfMonth"
            hint={draft.dayOfMonth > 28 ? t('recurringBuys.monthEnd') : undefined}
            value={String(draft.dayOfMonth)}
            onChange={(event) => view.chooseDayOfMonth(Number(event.target.value))}
            options={MONTH_DAYS.map((day) => (
              <option key={day} value={day}>
                {formatNumber(day, locale)}
              </option>
            ))}
          />
        ) : null}
        <p className="hint-text" data-testid="recurring-first-run">
          {t('recurringBuys.firstRun', { day: dayText(view.firstRun, locale) })} · <bdi dir="ltr">{view.timeZone}</bdi>
        </p>
        <p className="hint-text">{t('recurringBuys.authorise')}</p>
        <FormAlert>{error}</FormAlert>
        <Button variant="primary" type="submit" block busy={view.busy}>
          {t('recurringBuys.setUp')}
        </Button>
        <Button block disabled={view.busy} onClick={view.cancelSetup}>
          {t('recurringBuys.back')}
        </Button>
      </Form>
    </section>
  );
}
