import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CRYPTO_ASSETS, type CryptoAsset } from '../../../contract/assetList';
import { cryptoAssetSchema } from '../../../contract/assets';
import { PRICE_ALERT_KINDS, type PriceAlert, type PriceAlertKind } from '../../../contract/priceAlerts';
import { priceAlertsMachine } from '../../../machines/priceAlerts/priceAlerts.machine';
import { connectPriceAlerts } from '../../../machines/priceAlerts/priceAlerts.view';
import { priceAlertsApi } from '../../api/priceAlerts';
import { priceAlertsActors, priceAlertsQuery, ratesQuery } from '../../app/actors/priceAlerts';
import { useApi, useConnect, useFlowActor } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Form, FormAlert } from '../../ui/Form';
import { ListRow, ListRows } from '../../ui/ListRow';
import { AmountInput } from '../../ui/Money';
import { formatAmount, formatPercent, parseAmount } from '../../ui/money';
import { Sheet } from '../../ui/Sheet';
import { SelectField, TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { FailureMessage } from '../shared/FailureMessage';

type View = ReturnType<typeof connectPriceAlerts>;

/** The decimals a move alert's percent may have (contract/priceAlerts.ts). */
const PERCENT_DECIMALS = 2;

/** /alerts: the form beside the asset's current price, then the customer's alerts. */
export function PriceAlertsScreen() {
  const { t } = useTranslation();
  const api = useApi(priceAlertsApi);
  const [params] = useSearchParams();
  // An account's "Set a price alert" opens the form on its asset (?asset=ETH); anything else is ignored.
  const asset = cryptoAssetSchema.safeParse(params.get('asset')).data;
  const view = useConnect(useFlowActor(priceAlertsMachine, priceAlertsActors, { input: { asset } }), connectPriceAlerts);
  const alerts = useQuery(priceAlertsQuery(api));
  const confirming = alerts.data?.find((alert) => alert.id === view.confirmingId) ?? null;
  return (
    <>
      <p className="page-lead">{t('screens.priceAlerts.lead')}</p>
      <AlertForm view={view} alertCount={alerts.data?.length ?? 0} />
      <section className="stack" aria-labelledby="price-alerts-list">
        <h2 id="price-alerts-list">{t('priceAlerts.listTitle')}</h2>
        <FormAlert>{view.removeFailure ? <FailureMessage scope="priceAlerts.failures" failure={view.removeFailure} /> : null}</FormAlert>
        <p role="status">{view.removed ? t('priceAlerts.removed') : null}</p>
        {alerts.isError ? (
          <div className="stack">
            <p role="alert">{t('priceAlerts.loadFailed')}</p>
            <Button onClick={() => void alerts.refetch()}>{t('priceAlerts.retry')}</Button>
          </div>
        ) : !alerts.data ? (
          <div className="skeleton skeleton--block" aria-hidden="true" />
        ) : alerts.data.length === 0 ? (
          <EmptyState title={t('priceAlerts.empty')} action={null} />
        ) : (
          <ListRows label={t('priceAlerts.listTitle')} busy={view.removingId !== null}>
            {alerts.data.map((alert) => (
              <AlertRow key={alert.id} alert={alert} view={view} />
            ))}
          </ListRows>
        )}
      </section>
      <Sheet
        open={confirming !== null}
        onClose={view.keep}
        title={t('priceAlerts.confirmTitle')}
        description={confirming ? <AlertCondition alert={confirming} /> : null}
      >
        <div className="button-row">
          <Button variant="danger" onClick={view.confirmRemove}>
            {t('priceAlerts.confirmRemove')}
          </Button>
          <Button onClick={view.keep}>{t('priceAlerts.keep')}</Button>
        </div>
      </Sheet>
    </>
  );
}

/** The new alert: asset, kind, and the price or percent, judged by the flow as typed. */
function AlertForm({ view, alertCount }: { view: View; alertCount: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { draft } = view;
  const problem = view.problem ? t(`priceAlerts.problems.${view.problem}`) : undefined;
  return (
    <section className="stack" aria-labelledby="price-alert-new">
      <h2 id="price-alert-new">{t('priceAlerts.newTitle')}</h2>
      <Form busy={view.busy} onSubmit={() => view.create(alertCount)}>
        <FormAlert>{view.createFailure ? <FailureMessage scope="priceAlerts.failures" failure={view.createFailure} /> : null}</FormAlert>
        <p role="status">{view.created ? t('priceAlerts.created') : null}</p>
        <SelectField
          label={t('priceAlerts.asset')}
          name="asset"
          value={draft.asset}
          onChange={(event) => view.chooseAsset(event.target.value as CryptoAsset)}
          options={CRYPTO_ASSETS.map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        />
        <CurrentPrice asset={draft.asset} />
        <SelectField
          label={t('priceAlerts.kind')}
          name="kind"
          value={draft.kind}
          onChange={(event) => view.chooseKind(event.target.value as PriceAlertKind)}
          options={PRICE_ALERT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`priceAlerts.kinds.${kind}`)}
            </option>
          ))}
        />
        {draft.kind === 'move' ? (
          <TextField
            label={t('priceAlerts.percent')}
            hint={t('priceAlerts.percentHint')}
            name="percent"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={draft.text}
            error={problem}
            onChange={(event) => {
              const parsed = parseAmount(event.target.value, locale, PERCENT_DECIMALS);
              view.typeValue(event.target.value, parsed.ok ? parsed.value : event.target.value);
            }}
            end={<span className="field-suffix">%</span>}
          />
        ) : (
          <AmountInput
            label={t('priceAlerts.price')}
            name="price"
            asset="USD"
            value={draft.text}
            error={problem}
            onChange={(text, parsed) => view.typeValue(text, parsed.ok ? parsed.value : text)}
          />
        )}
        <Button variant="primary" type="submit" busy={view.creating} disabled={view.busy}>
          {t('priceAlerts.create')}
        </Button>
      </Form>
    </section>
  );
}

/** The chosen asset's price now, from the rates the quotes use; an old one is said to be old. */
function CurrentPrice({ asset }: { asset: CryptoAsset }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const api = useApi(priceAlertsApi);
  const rates = useQuery(ratesQuery(api));
  const rate = rates.data?.find((item) => item.asset === asset);
  if (!rate) return <p className="hint">{rates.isError ? t('priceAlerts.priceUnknown') : '\u00a0'}</p>;
  return (
    <p className="hint" data-testid="current-price">
      {t(rate.stale ? 'priceAlerts.priceStale' : 'priceAlerts.priceNow', { asset, price: formatAmount(rate.usd, 'USD', locale) })}
    </p>
  );
}

/** "BTC above $70,000.00", "ETH moves more than 5 %", in the page's language. */
function AlertCondition({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const figure = alert.kind === 'move' ? formatPercent(alert.percent ?? '0', locale) : formatAmount(alert.price ?? '0', 'USD', locale);
  return <bdi>{t(`priceAlerts.condition.${alert.kind}`, { asset: alert.asset, figure })}</bdi>;
}

/** One alert: what it watches, whether it is watching or fired (and when), and its Remove button. */
function AlertRow({ alert, view }: { alert: PriceAlert; view: View }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const fired = alert.lastFiredAt ? formatDate(new Date(alert.lastFiredAt), locale, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <ListRow
      testId="price-alert"
      label={<AlertCondition alert={alert} />}
      hint={[
        alert.armed ? t('priceAlerts.armed') : t('priceAlerts.fired'),
        ...(fired ? [t('priceAlerts.lastFired', { date: fired })] : []),
      ]}
      action={
        <Button disabled={view.busy} busy={view.removingId === alert.id} onClick={() => view.remove(alert.id)}>
          {t('priceAlerts.remove')}
        </Button>
      }
    />
  );
}
