import { useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARDS_PER_ACCOUNT_MAX, type Card, type CardForm, type CardSecrets } from '../../../contract/cards';
import { cardControlsMachine } from '../../../machines/cardControls/cardControls.machine';
import { connectCardControls } from '../../../machines/cardControls/cardControls.view';
import { cardControlsActors } from '../../app/actors/cardControls';
import { cardsApi } from '../../api/cards';
import { useApi, useConnect, useFlowActor } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { Copyable } from '../../ui/Copyable';
import { AmountInput, Money } from '../../ui/Money';
import { amountForInput, type ParsedAmount } from '../../ui/money';
import { CheckboxField } from '../../ui/TextField';
import { useHydrated } from '../../ui/useHydrated';
import { useUiLocale } from '../../ui/useUiLocale';
import { StepUpSheet, stepUpChild } from '../shared/StepUpSheet';
import { LoadFailed } from './CardAccountsScreen';
import { NoCardAccount } from './NoCardAccount';
import { useSelectedCardAccount } from '../../app/selectedCardAccount';
import { unwrap } from '../../app/actors/unwrap';
import { activateCardActors, cardsQuery, issueCardActors } from '../../app/actors/cards';
import { activateCardMachine } from '../../../machines/activateCard/activateCard.machine';
import { issueCardMachine } from '../../../machines/issueCard/issueCard.machine';
import { useWrite } from '../../app/useWrite';
import './cards.css';
import { FailureMessage } from '../shared/FailureMessage';

/** `/card-accounts/cards`: the selected card account's cards, each with its controls, and issuing more. */
export function CardsScreen() {
  const { t } = useTranslation();
  const api = useApi(cardsApi);
  const live = useHydrated();
  const { account, query } = useSelectedCardAccount();
  const cards = useQuery({
    queryKey: cardsQuery(account?.id ?? ''),
    enabled: live && !!account,
    queryFn: async ({ signal }) => unwrap(api.listCards(account!.id, { retry: false, signal })),
  });
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  if (account === null) return <NoCardAccount />;
  if (cards.isError) return <LoadFailed error={cards.error} retry={() => void cards.refetch()} />;
  const list = cards.data;
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.cards.lead')}</p>
      {list === undefined ? (
        <div className="card skeleton skeleton--block" aria-hidden="true" />
      ) : (
        list.map((card) => <CardPanel key={`${card.id}:${card.status}`} card={card} />)
      )}
      {account && list ? <IssueCard accountId={account.id} count={list.length} /> : null}
    </div>
  );
}

/** One card, run by its cardControls statechart: the view reads it through connectCardControls only. */
function CardPanel({ card: loaded }: { card: Card }) {
  const { t } = useTranslation();
  const flow = useFlowActor(cardControlsMachine, cardControlsActors, { input: { card: loaded } });
  const view = useConnect(flow, connectCardControls);
  const stepUp = useSelector(flow, stepUpChild);
  const { card, busy, secrets, failure } = view;
  const headingId = useId();
  const name = t(`cards.form.${card.form}`);
  return (
    <section className="card stack card-panel" aria-labelledby={headingId} data-testid="card-panel">
      <div className="card-face" data-frozen={card.frozen || undefined}>
        <h2 id={headingId} className="section-title">
          {name}
        </h2>
        <CardNumber card={card} secrets={secrets} />
        {/* One status: a frozen card authorizes nothing, whatever its lifecycle says, so "Frozen" stands alone. */}
        <p className="card-badges">
          {card.frozen ? (
            <span className="badge badge--warning" data-testid="card-frozen">
              {t('cards.frozen')}
            </span>
          ) : (
            <span className="badge" data-testid="card-status">
              {t(`cards.status.${card.status}`)}
            </span>
          )}
        </p>
      </div>
      {failure ? (
        <FormAlert>
          <FailureMessage scope="cards.errors" failure={failure} />
        </FormAlert>
      ) : null}
      <div className="button-row">
        <Button busy={busy && !secrets} disabled={busy} onClick={view.toggleFreeze}>
          {card.frozen ? t('cards.unfreeze') : t('cards.freeze')}
        </Button>
        {card.status === 'active' ? (
          secrets ? (
            <Button onClick={view.hide}>{t('cards.hide')}</Button>
          ) : (
            <Button disabled={busy} onClick={view.reveal}>
              {t('cards.reveal')}
            </Button>
          )
        ) : null}
        {card.status === 'shipped' ? <ActivateCard card={card} /> : null}
      </div>
      <Controls card={card} busy={busy} onSubmit={view.saveControls} />
      <StepUpSheet actor={stepUp} />
    </section>
  );
}

/** `•••• 4242` and the expiry, or the full number and CVV while revealed (gone after 30 seconds). */
function CardNumber({ card, secrets }: { card: Card; secrets: CardSecrets | null }) {
  const { t } = useTranslation();
  const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
  return (
    <dl className="card-facts">
      <div>
        <dt>{t('cards.number')}</dt>
        <dd data-testid="card-number">
          {secrets ? (
            <Copyable text={secrets.number} label={t('cards.number')}>
              {secrets.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
            </Copyable>
          ) : (
            <bdi dir="ltr">•••• {card.last4}</bdi>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('cards.expiry')}</dt>
        <dd>
          <bdi dir="ltr">{expiry}</bdi>
        </dd>
      </div>
      {secrets ? (
        <div>
          <dt>{t('cards.cvv')}</dt>
          <dd data-testid="card-cvv">
            <bdi dir="ltr">{secrets.cvv}</bdi>
          </dd>
        </div>
      ) : null}
      {secrets ? <p className="hint-text">{t('cards.hiddenSoon')}</p> : null}
    </dl>
  );
}

/** The limits with what is spent against them, and the online and contactless switches (saved at once). */
function Controls({
  card,
  busy,
  onSubmit,
}: {
  card: Card;
  busy: boolean;
  onSubmit: (controls: { dailyLimit?: string; monthlyLimit?: string; online?: boolean; contactless?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const [daily, setDaily] = useState(() => amountForInput(card.dailyLimit, locale));
  const [monthly, setMonthly] = useState(() => amountForInput(card.monthlyLimit, locale));
  const [parsed, setParsed] = useState<{ daily: ParsedAmount; monthly: ParsedAmount }>({
    daily: { ok: true, value: card.dailyLimit },
    monthly: { ok: true, value: card.monthlyLimit },
  });
  const submit = () => {
    if (parsed.daily.ok && parsed.monthly.ok) onSubmit({ dailyLimit: parsed.daily.value, monthlyLimit: parsed.monthly.value });
  };
  return (
    <>
      <Form busy={busy} onSubmit={submit}>
        <div className="card-limits">
          <AmountInput
            label={t('cards.dailyLimit')}
            asset="EUR"
            value={daily}
            hint={<SpentOf spent={card.spentToday} />}
            onChange={(text, amount) => {
              setDaily(text);
              setParsed((current) => ({ ...current, daily: amount }));
            }}
          />
          <AmountInput
            label={t('cards.monthlyLimit')}
            asset="EUR"
            value={monthly}
            hint={<SpentOf spent={card.spentThisMonth} />}
            onChange={(text, amount) => {
              setMonthly(text);
              setParsed((current) => ({ ...current, monthly: amount }));
            }}
          />
        </div>
        <Button type="submit" disabled={busy || !parsed.daily.ok || !parsed.monthly.ok}>
          {t('cards.saveLimits')}
        </Button>
      </Form>
      <div className="card-switches">
        <CheckboxField
          role="switch"
          label={t('cards.online')}
          checked={card.online}
          disabled={busy}
          onChange={(event) => onSubmit({ online: event.target.checked })}
        />
        <CheckboxField
          role="switch"
          label={t('cards.contactless')}
          checked={card.contactless}
          disabled={busy}
          onChange={(event) => onSubmit({ contactless: event.target.checked })}
        />
      </div>
    </>
  );
}

function SpentOf({ spent }: { spent: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('cards.spent')} <Money amount={spent} asset="EUR" />
    </>
  );
}

/** The customer activates a physical card once it has arrived (shipped). */
function ActivateCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const activate = useWrite(activateCardMachine, activateCardActors);
  return (
    <>
      <Button variant="primary" busy={activate.busy} onClick={() => activate.submit({ cardId: card.id })}>
        {t('cards.activate')}
      </Button>
      {activate.failure ? (
        <p className="form-alert" role="alert">
          <FailureMessage scope="cards.errors" failure={activate.failure} />
        </p>
      ) : null}
    </>
  );
}

/** A virtual card (active at once) or a physical one (ordered, then shipped, then activated here). */
function IssueCard({ accountId, count }: { accountId: string; count: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const issue = useWrite(issueCardMachine, issueCardActors);
  const button = (form: CardForm) => ({
    busy: issue.busy && issue.input?.form === form,
    disabled: issue.busy,
    onClick: () => issue.submit({ accountId, form }),
  });
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('cards.issue.title')}
      </h2>
      {count >= CARDS_PER_ACCOUNT_MAX ? (
        <p className="hint-text">{t('cards.errors.cards_limit_reached')}</p>
      ) : (
        <div className="button-row">
          <Button variant={count === 0 ? 'primary' : 'secondary'} {...button('virtual')}>
            {t('cards.issue.virtual')}
          </Button>
          <Button {...button('physical')}>{t('cards.issue.physical')}</Button>
        </div>
      )}
      {issue.failure ? (
        <p className="form-alert" role="alert">
          <FailureMessage scope="cards.errors" failure={issue.failure} />
        </p>
      ) : null}
    </section>
  );
}
