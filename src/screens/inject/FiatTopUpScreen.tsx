import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fiatTopUpMachine } from '../../../machines/fiatTopUp/fiatTopUp.machine';
import { connectFiatTopUp } from '../../../machines/fiatTopUp/fiatTopUp.view';
import { fiatTopUpActors } from '../../app/actors/fiatTopUp';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { failureText } from '../../ui/failureText';
import './fiatTopUp.css';
import { TopUpLimit } from './TopUpLimit';

/** IBANs are read and typed in groups of four. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** /inject/fiat (layout `none`): the bank details to pay into, to copy or print. The fiatTopUp statechart loads them. */
export function FiatTopUpScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const flow = useFlowActor(fiatTopUpMachine, fiatTopUpActors);
  const { loading, details, failed, failure, retry } = useConnect(flow, connectFiatTopUp);

  return (
    <div className="fiat-top-up stack">
      <p className="no-print">
        <Link to={localize('/inject/crypto')}>{t('fiatTopUp.back')}</Link>
      </p>
      <p className="page-lead">{t('fiatTopUp.lead')}</p>
      <div className="no-print">
        <TopUpLimit />
      </div>
      {loading ? <ScreenSkeleton label={t('fiatTopUp.loading')} /> : null}
      {failed ? (
        <div className="stack">
          <p role="alert">
            {t('fiatTopUp.loadFailed')} {failure ? failureText(t, 'errors', failure) : null}
          </p>
          <Button onClick={retry}>{t('fiatTopUp.retry')}</Button>
        </div>
      ) : null}
      {details ? (
        details.accounts.length === 0 ? (
          <EmptyState
            title={t('fiatTopUp.noAccounts')}
            action={
              <Link className="button button--primary" to={localize('/accounts')}>
                {t('fiatTopUp.openAccounts')}
              </Link>
            }
          />
        ) : (
          <>
            <section className="card stack" aria-labelledby="fiat-reference" data-testid="fiat-reference">
              <h2 id="fiat-reference">{t('fiatTopUp.reference')}</h2>
              <p className="fiat-top-up-reference">
                <Copyable text={details.reference} label={t('fiatTopUp.copy.reference')} />
              </p>
              <p className="hint-text">{t('fiatTopUp.referenceHint')}</p>
            </section>
            <ListRows label={t('fiatTopUp.detailsTitle')}>
              <ListRow
                label={t('fiatTopUp.holder')}
                hint={
                  details.holderName === null ? (
                    // No name yet (checked before KYC asked for it): asked for here, never the e-mail address.
                    <span className="stack" data-testid="fiat-name-missing">
                      <span>{t('fiatTopUp.nameMissing')}</span>
                      <Link to={localize('/profile/details')}>{t('fiatTopUp.addName')}</Link>
                    </span>
                  ) : (
                    <Copyable text={details.holderName} label={t('fiatTopUp.copy.holder')} />
                  )
                }
              />
              {details.accounts.map((account) => (
                <ListRow
                  key={account.accountId}
                  label={t('fiatTopUp.ibanFor', { currency: account.currency })}
                  hint={
                    <Copyable text={account.iban} label={t('fiatTopUp.copy.iban', { currency: account.currency })}>
                      {grouped(account.iban)}
                    </Copyable>
                  }
                />
              ))}
              <ListRow label={t('fiatTopUp.bic')} hint={<Copyable text={details.bic} label={t('fiatTopUp.copy.bic')} />} />
            </ListRows>
            <p className="hint-text">{t('fiatTopUp.arrival')}</p>
            <Button className="no-print" onClick={() => window.print()}>
              {t('fiatTopUp.print')}
            </Button>
          </>
        )
      ) : null}
    </div>
  );
}
