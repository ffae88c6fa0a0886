import type { SnapshotFrom } from 'xstate';
import type { CryptoAsset } from '../../contract/assetList';
import type { PriceAlertKind } from '../../contract/priceAlerts';
import type { Send } from '../parts/connect';
import { priceAlertProblem, type priceAlertsMachine } from './priceAlerts.machine';

type PriceAlerts = typeof priceAlertsMachine;

/** What /alerts shows: the form as typed with its field's problem, the removal asked about, the last outcome where it belongs. */
export function priceAlertsView(snapshot: SnapshotFrom<PriceAlerts>) {
  const { draft, attempted, action, alertId, done, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    draft,
    /** Said as soon as something is typed, and for an empty figure once the customer tried to create. */
    problem: draft.text !== '' || attempted ? priceAlertProblem(draft) : null,
    busy,
    creating: busy && action === 'create',
    /** The alert the confirmation sheet is about; null while it is closed. */
    confirmingId: snapshot.hasTag('confirming') ? alertId : null,
    removingId: busy && action === 'remove' ? alertId : null,
    created: action === 'create' && done,
    createFailure: action === 'create' ? failure : null,
    removed: action === 'remove' && done,
    removeFailure: action === 'remove' ? failure : null,
  };
}

/** /alerts's view with its intents. */
export function connectPriceAlerts(snapshot: SnapshotFrom<PriceAlerts>, send: Send<PriceAlerts>) {
  return {
    ...priceAlertsView(snapshot),
    chooseAsset: (asset: CryptoAsset) => send({ type: 'ASSET_CHOSEN', asset }),
    chooseKind: (kind: PriceAlertKind) => send({ type: 'KIND_CHOSEN', kind }),
    /** The figure as typed, and as a decimal string where it reads as one (else as typed, for the flow to refuse). */
    typeValue: (text: string, value: string) => send({ type: 'VALUE_CHANGED', text, value }),
    /** `alertCount`: how many alerts the customer has now (the flow refuses one past the limit without asking). */
    create: (alertCount: number) => send({ type: 'SUBMITTED', alertCount }),
    /** Asks before removing: the confirmation sheet opens. */
    remove: (alertId: string) => send({ type: 'REMOVE_REQUESTED', alertId }),
    confirmRemove: () => send({ type: 'REMOVE_CONFIRMED' }),
    keep: () => send({ type: 'REMOVE_CANCELLED' }),
  };
}
