import type { Card } from '../contract/cards';
import type { FlowModel } from './graph/model';
import { cardControlsMachine } from './cardControls.machine';
import { STEP_UP_OUTCOMES } from './stepUp.model';

const card: Card = {
  id: '6f1c1c9e-4a51-4f0e-9d1a-3c1f1a2b3c4d',
  accountId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  form: 'virtual',
  status: 'active',
  frozen: false,
  last4: '4242',
  expiryMonth: 3,
  expiryYear: 2029,
  dailyLimit: '1000.00',
  monthlyLimit: '5000.00',
  spentToday: '0.00',
  spentThisMonth: '0.00',
  online: true,
  contactless: true,
  createdAt: '2026-03-02T09:00:00.000Z',
};

export const cardControlsModel = {
  inputs: { 'an active virtual card': { card } },
  events: {
    FREEZE_TOGGLED: { 'freeze or unfreeze': {} },
    REVEAL_REQUESTED: { 'show the details': {} },
    HIDE_REQUESTED: { hide: {} },
    CONTROLS_SUBMITTED: {
      'online off': { controls: { online: false } },
      'new limits': { controls: { dailyLimit: '200', monthlyLimit: '900' } },
    },
  },
  actors: {
    setFrozen: { done: { frozen: { ...card, frozen: true } }, error: { offline: { code: 'network_error' } } },
    updateControls: {
      done: { saved: { ...card, online: false } },
      error: { 'limits refused': { code: 'card_limits_invalid' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    revealCard: {
      done: { revealed: { number: '4000001234567899', cvv: '123', expiryMonth: 3, expiryYear: 2029 } },
      error: { 'grant ran out': { code: 'step_up_required' }, offline: { code: 'network_error' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.card.frozen, s.context.card.online, s.context.secrets !== null, s.context.failure?.code ?? null]),
  invariants: {
    // The business rules: the secrets exist only while shown, and are shown only after a step-up's reveal.
    '*': (s) => s.context.secrets === null || s.hasTag('revealed') || 'card secrets kept outside the revealed state',
    revealed: (s) => s.context.secrets !== null || 'revealed without the secrets',
    idle: (s) => s.context.secrets === null || 'the number is still held after hiding',
  },
} satisfies FlowModel<typeof cardControlsMachine>;
