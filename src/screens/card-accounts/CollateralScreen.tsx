import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CRYPTO_ASSETS, type CryptoAsset } from '../../../contract/assets';
import type { Collateral, CollateralDirection } from '../../../contract/cards';
import { isDecimal } from '../../../contract/decimal';
import { collateralMachine } from '../../../machines/collateral/collateral.machine';
import { connectCollateral } from '../../../machines/collateral/collateral.view';
import type { Failure } from '../../../machines/parts/failure';
import { collateralActors } from '../../app/actors/collateral';
import { cardsApi } from '../../api/cards';
import { useConnect, useFlowActor, useSystem } from '../../app/context';
import { moneyMoved } from '../../app/moneyMoved';
import { notify } from '../../app/notify';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput, Money } from '../../ui/Money';
import { SelectField } from '../../ui/TextField';
import { useHydrated } from '../../ui/useHydrated';
import { failureText } from '../../ui/failureText';
import { CreditFacts } from './CardAccountDetailScreen';
import { LoadFailed } from './CardAccountsScreen';
import { LtvGauge } from './LtvGauge';
import { NoCardAccount } from './NoCardAccount';
import { Percent, usePercent } from './Percent';
import { useSelectedCardAccount } from '../../app/selectedCardAccount';
import { unwrap } from '../../app/actors/unwrap';

const collateralQuery = (accountId: string) => ['card-accounts', accountId, 'collateral'] as const;

/**
 * `/card-accounts/collateral`: what is pledged per asset, the loan-to-value against its thresholds, the
 * credit it allows, and adding or withdrawing with the loan-to-value it would make shown as it is typed.
 */
export function CollateralScreen() {
  const { t } = useTranslation();
  const system = useSystem();
  const queryClient = useQueryClient();
  const live = useHydrated();
  const { account, query } = useSelectedCardAccount();
  const collateral = useQuery({
    queryKey: collateralQuery(account?.id ?? ''),
    enabled: live && !!account,
    queryFn: async ({ signal }) => unwrap(cardsApi(system.client).getCollateral(account!.id, { retry: false, signal })),
  });
  // Each move is a new form (and flow); the preview's loan-to-value is drawn on the gauge.
  const [moves, setMoves] = useState(0);
  const [previewLtv, setPreviewLtv] = useState<string | null>(null);
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  if (account === null) return <NoCardAccount />;
  if (collateral.isError) return <LoadFailed error={collateral.error} retry={() => void collateral.refetch()} />;
  const data = collateral.data;
  if (!account || !data) {
    return (
      <div className="stack" role="status">
        <span className="visually-hidden">{t('app.loading')}</span>
        <div className="card skeleton skeleton--block" aria-hidden="true" />
      </div>
    );
  }
  const moved = (after: Collateral) => {
    queryClient.setQueryData(collateralQuery(account.id), after);
    void queryClient.invalidateQueries({ queryKey: ['card-accounts'] });
    moneyMoved(system);
    notify.success(t('collateral.moved'));
    setPreviewLtv(null);
    setMoves((count) => count + 1);
  };
  return (
    <div className="stack">
      <p className="page-lead">{t('screens.collateral.lead')}</p>
      <section className="card stack" aria-labelledby="collateral-ltv">
        <h2 id="collateral-ltv" className="section-title">
          {t('collateral.ltvTitle')}
        </h2>
        <LtvGauge ltv={data.credit.ltv} after={previewLtv} thresholds={data.thresholds} />
        <CreditFacts credit={data.credit} />
      </section>
      <section aria-labelledby="collateral-held">
        <h2 id="collateral-held" className="section-title">
          {t('collateral.held')}
        </h2>
        {data.holdings.length ? (
          <ListRows label={t('collateral.held')}>
            {data.holdings.map((holding) => (
              <ListRow
                key={holding.asset}
                testId="collateral-row"
                label={<Money amount={holding.amount} asset={holding.asset} />}
                hint={holding.stale ? <span className="badge badge--warning">{t('balances.stale')}</span> : null}
                end={
                  <span className="account-amount">
                    <Money amount={holding.value} asset={data.credit.currency} />
                  </span>
                }
              />
            ))}
          </ListRows>
        ) : (
          <p className="hint-text">{t('collateral.none')}</p>
        )}
      </section>
      <MoveCollateral
        key={moves}
        accountId={account.id}
        asset={data.holdings[0]?.asset ?? 'BTC'}
        limit={data.thresholds.creditRatio}
        onPreview={setPreviewLtv}
        onMoved={moved}
      />
    </div>
  );
}

/** Add or withdraw, on the collateral statechart: the preview is the server's, for exactly what is typed. */
function MoveCollateral({
  accountId,
  asset: firstAsset,
  limit,
  onPreview,
  onMoved,
}: {
  accountId: string;
  asset: CryptoAsset;
  /** The credit limit in percent of the collateral: what a withdrawal may not take the loan-to-value past. */
  limit: string;
  onPreview: (ltv: string | null) => void;
  onMoved: (after: Collateral) => void;
}) {
  const { t } = useTranslation();
  const flow = useFlowActor(collateralMachine, collateralActors, { input: { accountId, asset: firstAsset } });
  const view = useConnect(flow, connectCollateral);
  const [text, setText] = useState('');
  const headingId = useId();
  const { preview, result, done } = view;
  useEffect(() => onPreview(view.ltvAfter), [view.ltvAfter, onPreview]);
  useEffect(() => {
    if (done && result) onMoved(result);
  }, [done, result, onMoved]);
  const directions: CollateralDirection[] = ['add', 'withdraw'];
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('collateral.move.title')}
      </h2>
      <Form busy={view.busy} onSubmit={view.submit}>
        <div className="button-row" role="group" aria-label={t('collateral.move.direction')}>
          {directions.map((direction) => (
            <Button
              key={direction}
              aria-pressed={view.direction === direction}
              variant={view.direction === direction ? 'primary' : 'secondary'}
              disabled={view.busy}
              onClick={() => view.chooseDirection(direction)}
            >
              {t(`collateral.move.${direction}`)}
            </Button>
          ))}
        </div>
        <SelectField
          label={t('collateral.move.asset')}
          value={view.asset}
          disabled={view.busy}
          onChange={(event) => view.chooseAsset(event.target.value as CryptoAsset)}
          options={CRYPTO_ASSETS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        />
        <AmountInput
          label={t('collateral.move.amount')}
          asset={view.asset}
          value={text}
          readOnly={view.busy}
          onChange={(typed, parsed) => {
            setText(typed);
            view.typeAmount(parsed.ok ? parsed.value : typed);
          }}
          error={view.failure ? <MoveFailure failure={view.failure} limit={limit} /> : null}
        />
        <div aria-live="polite" data-testid="collateral-preview">
          {view.checking ? (
            <p className="hint-text">{t('collateral.preview.checking')}</p>
          ) : view.refusal === 'more_than_pledged' ? (
            <FormAlert>{t('collateral.errors.more_than_pledged')}</FormAlert>
          ) : preview ? (
            <>
              <dl className="account-facts">
                <div>
                  <dt>{t('collateral.preview.ltv')}</dt>
                  <dd>{preview.ltv === null ? t('collateral.preview.noDebt') : <Percent value={preview.ltv} />}</dd>
                </div>
                <div>
                  <dt>{t('collateral.preview.limit')}</dt>
                  <dd>
                    <Money amount={preview.creditLimit} asset="EUR" />
                  </dd>
                </div>
                <div>
                  <dt>{t('collateral.preview.available')}</dt>
                  <dd>
                    <Money amount={preview.available} asset="EUR" />
                  </dd>
                </div>
              </dl>
              {view.refusal === 'ltv_too_high' ? (
                <FormAlert>
                  <LtvRefusal ltv={preview.ltv} limit={limit} />
                </FormAlert>
              ) : null}
            </>
          ) : null}
        </div>
        <Button type="submit" variant="primary" busy={view.busy} disabled={!view.canSubmit}>
          {t(`collateral.move.submit.${view.direction}`)}
        </Button>
      </Form>
    </section>
  );
}

/** "This would take the loan-to-value to 55.6 %, past the 50 % credit limit."; without a figure (no value left to borrow against), the threshold alone. */
function LtvRefusal({ ltv, limit }: { ltv: string | null; limit: string }) {
  const { t } = useTranslation();
  const percent = usePercent();
  if (ltv === null) return <>{t('collateral.errors.past_limit', { limit: percent(limit) })}</>;
  return <>{t('collateral.errors.ltv_too_high', { ltv: percent(ltv), limit: percent(limit) })}</>;
}

function MoveFailure({ failure, limit }: { failure: Failure; limit: string }) {
  const { t } = useTranslation();
  if (failure.code !== 'ltv_too_high') return <>{failureText(t, 'collateral.errors', failure)}</>;
  const ltv = failure.fields?.ltv;
  return <LtvRefusal ltv={ltv && isDecimal(ltv) ? ltv : null} limit={limit} />;
}
