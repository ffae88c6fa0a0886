import { fromPromise } from 'xstate';
import type { UtmTrackingBody } from '../../../contract/app';
import type { campaignTagsMachine } from '../../../machines/campaignTags/campaignTags.machine';
import type { ApiResult } from '../../api/client';
import { STORAGE_KEYS } from '../../platform/storage';
import { unwrap } from './unwrap';

/** The part of `Storage` campaign tracking uses, so tests can pass a plain in-memory fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The sets of tags already reported, newest last. Bounded: a browser that followed more campaigns than this
 * reports its oldest sets again, which costs a row, not the storage quota.
 */
const SENT_SETS_KEPT = 20;

const fingerprint = (body: UtmTrackingBody) => JSON.stringify(body);

function sentSets(storage: KeyValueStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.utmSent) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // The flag of earlier versions ('1'), or anything else unreadable: no set counts as reported.
    return [];
  }
}

export const campaignTagsSent = (storage: KeyValueStorage, body: UtmTrackingBody) => sentSets(storage).includes(fingerprint(body));

/** Reports the tags; only a report the server accepted counts as sent, so a failed one is tried again later. */
export function campaignTagsActors(send: (body: UtmTrackingBody) => Promise<ApiResult<unknown>>, storage: KeyValueStorage) {
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        await unwrap(send(input.input));
        const sets = [...sentSets(storage), fingerprint(input.input)].slice(-SENT_SETS_KEPT);
        storage.setItem(STORAGE_KEYS.utmSent, JSON.stringify(sets));
        return null;
      }),
    },
  } satisfies Parameters<typeof campaignTagsMachine.provide>[0];
}
