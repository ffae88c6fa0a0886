import { MOVES_MONEY, PAYS_CUSTOMERS } from '../customerRules';
import { endpoint } from './define';
import { emptyBodySchema } from '../common';
import {
  contactsQuerySchema,
  contactsSchema,
  createMoneyRequestBodySchema,
  moneyRequestSchema,
  moneyRequestsSchema,
  payMoneyRequestBodySchema,
  recipientLookupBodySchema,
  recipientLookupSchema,
  RECIPIENT_LOOKUPS_PER_DAY,
  SEND_STEP_UP_USD,
  sendMoneyBodySchema,
  sendReceiptSchema,
} from '../sendMoney';

const REQUEST_ERRORS = ['money_request_not_found', 'money_request_paid', 'money_request_declined', 'money_request_cancelled'] as const;

/**
 * Money between customers, by e-mail address or phone number. Whether an address is a customer's is
 * told only to identity-checked senders, a limited number of times a day; a request is seen only by its
 * requester and its payer (anyone else's id is `money_request_not_found`).
 */
export const sendMoneyEndpoints = {
  lookupRecipient: endpoint('POST', '/send/lookup', recipientLookupBodySchema, recipientLookupSchema, {
    summary: `Whether an address is a customer's, with their masked name (\`Dana D.\`), in the same shape whatever the address. At most ${RECIPIENT_LOOKUPS_PER_DAY} addresses a day per customer, counting requests and first sends too; an address counted in the last day, or one the customer has sent money to before, costs nothing.`,
    auth: 'bearer',
    requires: PAYS_CUSTOMERS,
    errors: ['send_to_self', 'rate_limited'],
  }),
  sendMoney: endpoint('POST', '/send', sendMoneyBodySchema, sendReceiptSchema, {
    summary: `Send money from one of the customer's fiat or crypto accounts to an address, in one \`send\` ledger transaction, \`money_sent\` for the sender and \`money_received\` for the receiver (whose account of the asset is opened when missing), with the other's name. Worth more than ${SEND_STEP_UP_USD} US dollars it needs a \`send\` step-up, which it spends. Funds and the sender's limit are checked before the step-up is asked for. A first send to an address is one of the day's recipient look-ups (\`rate_limited\` past them, counted also when the send is refused), as a look-up of it is: the receipt tells a customer (\`sent\`, \`held\`) from an invitation (\`invited\`), in the same shape. It counts against the sender's \`payment\` limit and the receiver's \`receive\` limit: what the receiver's level cannot take waits in the holding account (\`held\`) until it can. To an address of no customer it waits there as an invitation (\`invited\`), e-mailed when the address is one, and goes back after 14 days unless a customer with that verified address claims it.`,
    auth: 'bearer',
    requires: PAYS_CUSTOMERS,
    idempotent: true,
    status: 201,
    errors: [
      'send_to_self',
      'step_up_required',
      'account_not_found',
      'insufficient_funds',
      'limit_exceeded',
      'rate_stale',
      'amount_too_precise',
      'rate_limited',
    ],
  }),
  listContacts: endpoint('GET', '/send/contacts', undefined, contactsSchema, {
    summary: 'Whom the customer sent money to, most recent first (at most 50), filtered by `q` in the name or address.',
    auth: 'bearer',
    query: contactsQuerySchema,
  }),
  requestMoney: endpoint('POST', '/money-requests', createMoneyRequestBodySchema, moneyRequestSchema, {
    summary:
      'Ask a customer, by address, for an amount of an asset; they are notified and pay or decline it. Counts as a recipient look-up, also when refused (and when replayed).',
    auth: 'bearer',
    requires: PAYS_CUSTOMERS,
    idempotent: true,
    status: 201,
    errors: ['send_to_self', 'recipient_not_customer', 'rate_limited', 'amount_too_precise'],
  }),
  listMoneyRequests: endpoint('GET', '/money-requests', undefined, moneyRequestsSchema, {
    summary: 'The requests the customer was asked to pay and those they asked, newest first (at most 100).',
    auth: 'bearer',
  }),
  payMoneyRequest: endpoint('POST', '/money-requests/:id/pay', payMoneyRequestBodySchema, sendReceiptSchema, {
    summary:
      'Pay a request made to the customer, from their account in its asset: a send to the requester with the rules of `POST /send` (step-up above the threshold, both limits). Of concurrent payments exactly one pays.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: [...REQUEST_ERRORS, 'step_up_required', 'account_not_found', 'insufficient_funds', 'limit_exceeded', 'rate_stale'],
  }),
  declineMoneyRequest: endpoint('POST', '/money-requests/:id/decline', emptyBodySchema, moneyRequestSchema, {
    summary: 'Decline a request made to the customer; it can no longer be paid.',
    auth: 'bearer',
    errors: REQUEST_ERRORS,
  }),
  cancelMoneyRequest: endpoint('POST', '/money-requests/:id/cancel', emptyBodySchema, moneyRequestSchema, {
    summary: 'Cancel a request the customer made; it can no longer be paid.',
    auth: 'bearer',
    errors: REQUEST_ERRORS,
  }),
  remindMoneyRequest: endpoint('POST', '/money-requests/:id/remind', emptyBodySchema, moneyRequestSchema, {
    summary: 'Remind the payer of an open request the customer made (a notification and an e-mail), at most once a day.',
    auth: 'bearer',
    errors: [...REQUEST_ERRORS, 'reminder_too_soon'],
  }),
};
