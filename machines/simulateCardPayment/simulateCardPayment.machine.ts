import type { CardAuthorization, CardAuthorizationBody } from '../../contract/cards';
import { createWriteMachine } from '../write/write.machine';

/** A merchant's charge on one card; the card's account and its currency say where it shows and in what. */
export interface CardPaymentInput {
  body: CardAuthorizationBody;
  accountId: string;
  currency: string;
}

export const simulateCardPaymentMachine = createWriteMachine<CardPaymentInput, CardAuthorization>({
  id: 'simulateCardPayment',
  description:
    'Demo mode: a merchant charges one of the customer’s cards on /simulate (POST /simulate/card-authorizations). The card network applies the freeze, the channel switches, the limits and the available credit: approved (what was paid, what is left) or declined and why.',
  editable: true,
});
