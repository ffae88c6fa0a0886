import type { SnapshotFrom } from 'xstate';
import type { CreatePayLinkBody } from '../../contract/payLinks';
import type { Send } from '../parts/connect';
import type { FieldErrors } from '../parts/failure';
import type { payLinkMachine } from './payLink.machine';

type PayLink = typeof payLinkMachine;

/** What /pay shows (the form or the new link, and what went wrong) and its intents. */
export function connectPayLink(snapshot: SnapshotFrom<PayLink>, send: Send<PayLink>) {
  const { context } = snapshot;
  /** The form's own refusal, in the one field-error vocabulary. */
  const fieldErrors: FieldErrors<'amount' | 'description'> =
    context.formError === 'amount' ? { amount: 'invalid' } : context.formError === 'description' ? { description: 'missing' } : {};
  return {
    /** The link just made, shown with its QR code instead of the form. */
    created: snapshot.matches('created') ? context.created : null,
    busy: snapshot.hasTag('busy'),
    fieldErrors,
    failure: context.failure,
    cancelled: context.cancelled,
    submit: (request: CreatePayLinkBody) => send({ type: 'REQUEST_SUBMITTED', request }),
    /** From the new link back to an empty form. */
    startNew: () => send({ type: 'NEW_REQUESTED' }),
    cancelLink: (hash: string) => send({ type: 'CANCEL_REQUESTED', hash }),
  };
}
