import type { SnapshotFrom } from 'xstate';
import type { payLinkMachine } from './payLink.machine';

/** What /pay shows: the form or the new link, and what went wrong. */
export function payLinkView(snapshot: SnapshotFrom<typeof payLinkMachine>) {
  const { context } = snapshot;
  return {
    /** The link just made, shown with its QR code instead of the form. */
    created: snapshot.matches('created') ? context.created : null,
    busy: snapshot.hasTag('busy'),
    formError: context.formError,
    failure: context.failure,
    cancelled: context.cancelled,
  };
}
