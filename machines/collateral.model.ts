import type { FlowModel } from './graph/model';
import { collateralMachine } from './collateral.machine';

const credit = {
  id: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  currency: 'EUR' as const,
  name: 'Meridian card',
  collateralValue: '40000.00',
  creditLimit: '20000.00',
  used: '0.00',
  available: '20000.00',
  ltv: null,
  ltvLevel: 'none' as const,
  stale: false,
  createdAt: '2026-03-02T09:00:00.000Z',
};

export const collateralModel = {
  inputs: { 'a card account, bitcoin first': { accountId: credit.id, asset: 'BTC' } },
  events: {
    DIRECTION_CHOSEN: { withdraw: { direction: 'withdraw' } },
    ASSET_CHOSEN: { ether: { asset: 'ETH' } },
    AMOUNT_CHANGED: { 'an amount': { amount: '0.25' }, 'not a number': { amount: '1,5x' } },
    SUBMITTED: { submit: {} },
  },
  actors: {
    previewCollateral: {
      done: {
        allowed: { ltv: '40.00', creditLimit: '15000.00', available: '9000.00', allowed: true, stale: false },
        'past the warning': { ltv: '71.43', creditLimit: '14000.00', available: '0.00', allowed: false, stale: false },
      },
      error: { offline: { code: 'network_error' } },
    },
    moveCollateral: {
      done: {
        moved: {
          credit,
          holdings: [{ asset: 'BTC', amount: '1.00', rate: '40000.00', value: '40000.00', stale: false }],
          thresholds: { creditRatio: '50', warning: '65', marginCall: '75', liquidation: '85' },
        },
      },
      error: { 'rates moved': { code: 'ltv_too_high', fields: { ltv: '66.10' } } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.status,
      s.context.direction,
      s.context.asset,
      s.context.amount,
      s.context.preview?.allowed ?? null,
      s.context.failure?.code ?? null,
    ]),
  invariants: {
    // The rule: nothing is moved without a preview the server allowed, for what is typed now.
    moving: (s) => s.context.preview?.allowed === true || 'moving collateral without an allowed preview',
    previewing: (s) => /^\d+(\.\d+)?$/.test(s.context.amount) || 'asking about an amount that is not one',
    moved: (s) => (s.status === 'done' && s.output?.collateral !== null) || 'ended without the collateral',
  },
} satisfies FlowModel<typeof collateralMachine>;
