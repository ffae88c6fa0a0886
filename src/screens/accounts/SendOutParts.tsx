import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../contract';
import type { Failure } from '../../../machines/parts/failure';
import { useLocalize } from '../../app/context';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { AmountInput, Money } from '../../ui/Money';
import { failureText } from '../../ui/failureText';

/*
 * The parts of the two send-out screens (a crypto withdrawal, a bank payout) that look and behave the same,
 * as their statecharts share `machines/parts/sendOut.ts`: the loading and failed steps, the heading with the
 * balance, the amount with its minimum, the new-destination card, the review card and the progress's links.
 */

/** Left-to-right inside an option's text, which cannot hold a `<bdi>`: an address or an IBAN reads the same in Arabic. */
export const isolated = (text: string) => `\u2066${text}\u2069`;

/** A cooling-off period in hours, to a tenth, in words (“24 hours”). */
export const coolingOffHours = (seconds: number, locale: Locale) =>
  formatNumber(Math.round(seconds / 360) / 10, locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' });

/** One fact of a card; `code`: an address, an IBAN or a hash, set under its term. */
export function Fact({ term, code = false, children }: { term: string; code?: boolean; children: ReactNode }) {
  return (
    <div className={code ? 'fact fact--code' : 'fact'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A quote's money facts, the same on both screens: the amount, the fee taken out of it and what reaches the
 * destination; `children` are the screen's own facts after them (the network, the arrival date, where to).
 */
export function QuoteFacts(props: {
  asset: string;
  quote: { amount: string; fee: string; received: string };
  feeLabel: string;
  receivedLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Fact term={t('withdraw.amount')}>
        <Money amount={props.quote.amount} asset={props.asset} />
      </Fact>
      <Fact term={props.feeLabel}>
        <Money amount={props.quote.fee} asset={props.asset} />
      </Fact>
      <Fact term={props.receivedLabel}>
        <Money amount={props.quote.received} asset={props.asset} />
      </Fact>
      {props.children}
    </>
  );
}

/** The book is loading: the card's shape, named for screen readers. */
export function SendOutLoading({ label }: { label: string }) {
  return (
    <section className="card stack" aria-busy="true" aria-label={label}>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </section>
  );
}

/** The book could not be loaded: why, and the one thing to do. */
export function SendOutLoadFailed({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="form-alert" role="alert">
        {failureText(t, 'errors', failure)}
      </p>
      <Button onClick={onRetry}>{t('withdraw.retry')}</Button>
    </div>
  );
}

/** The screen's heading and what the account holds, when known. */
export function SendOutHead(props: { id: string; title: string; asset: string; balance: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-head">
      <h2 id={props.id} className="section-title">
        {props.title}
      </h2>
      {props.balance !== undefined ? (
        <p className="hint-text" data-testid={props.testId}>
          {t('withdraw.available')} <Money amount={props.balance} asset={props.asset} />
        </p>
      ) : null}
    </div>
  );
}

/** The amount as typed (the screen keeps the text), with Max and the minimum under it. */
export function SendOutAmount(props: {
  asset: string;
  typed: string;
  balance: string | undefined;
  minimum: string;
  onChange: (typed: string, amount: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <AmountInput
      label={t('withdraw.amount')}
      name="amount"
      asset={props.asset}
      value={props.typed}
      max={props.balance}
      hint={
        <>
          {t('withdraw.minimum')} <Money amount={props.minimum} asset={props.asset} />
        </>
      }
      onChange={(text, parsed) => props.onChange(text, parsed.ok ? parsed.value : '')}
    />
  );
}

/** A new destination's card: its fields, how long it waits before it can be used, save and cancel. */
export function NewDestinationCard(props: {
  title: string;
  saveLabel: string;
  /** How long a new destination waits before it can be used; none when at once. */
  coolingOff: string | null;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <Form busy={props.busy} onSubmit={props.onSubmit}>
        <h3 className="section-title">{props.title}</h3>
        {props.children}
        {props.coolingOff ? <p className="hint-text">{props.coolingOff}</p> : null}
        <div className="button-row">
          <Button variant="primary" type="submit" busy={props.busy}>
            {props.saveLabel}
          </Button>
          <Button disabled={props.busy} onClick={props.onCancel}>
            {t('withdraw.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The quote to confirm: its facts, a note, why the last try failed, confirm and change. */
export function ReviewCard(props: {
  testId: string;
  confirmLabel: string;
  note?: string;
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  /** The `Fact`s of the quote. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${props.testId}-title`;
  return (
    <section className="card stack" data-testid={props.testId} aria-labelledby={titleId}>
      <h3 id={titleId} className="section-title">
        {t('withdraw.reviewTitle')}
      </h3>
      <dl className="fact-list">{props.children}</dl>
      {props.note ? <p className="hint-text">{props.note}</p> : null}
      <FormAlert>{props.error}</FormAlert>
      <Button variant="primary" block busy={props.busy} onClick={props.onConfirm}>
        {props.confirmLabel}
      </Button>
      <Button block disabled={props.busy} onClick={props.onEdit}>
        {t('withdraw.change')}
      </Button>
    </section>
  );
}

/** Under the progress: other links first, its activity, and once settled the way back to the accounts. */
export function ProgressLinks({ activityId, settled, children }: { activityId: string; settled: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className="button-row">
      {children}
      <Link className="button button--secondary" to={localize(`/activities/${activityId}`)}>
        {t('withdraw.activity')}
      </Link>
      {settled ? (
        <Link className="button button--primary" to={localize('/accounts')}>
          {t('withdraw.backToAccounts')}
        </Link>
      ) : null}
    </div>
  );
}
