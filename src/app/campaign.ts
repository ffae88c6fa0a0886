import type { ApiResult } from '../api/client';
import type { UtmTrackingBody } from '../../contract/app';
import { UTM_TAGS } from '../../contract/campaign';
import { STORAGE_KEYS } from '../platform/storage';

/** The part of `Storage` these functions use, so tests can pass a plain in-memory fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const REF_CODE_MAX_LENGTH = 64;
/** utmTrackingBodySchema's limit: a longer tag is cut rather than have the whole report rejected. */
const UTM_VALUE_MAX_LENGTH = 500;

/**
 * Keeps `?ref_code=` for registration; the latest link followed wins.
 * Returns the code stored, or undefined when the query string had none usable.
 */
export function captureReferralCode(search: string, storage: KeyValueStorage): string | undefined {
  const code = new URLSearchParams(search).get('ref_code')?.trim();
  // A code longer than any we issue is ignored, not cut: a cut code could credit someone else.
  if (!code || code.length > REF_CODE_MAX_LENGTH) return undefined;
  storage.setItem(STORAGE_KEYS.refCode, code);
  return code;
}

export type CampaignTrackingOutcome = 'skipped-empty' | 'skipped-already-sent' | 'sent' | 'failed';

/**
 * Reports the `utm_*` tags of the landing URL once per browser. The flag is stored only after the
 * server accepted the report, so a failed report is tried again on a later visit with tags.
 * A failed report is logged, never thrown: campaign tracking must not break the app.
 */
export async function trackCampaignTags(
  search: string,
  storage: KeyValueStorage,
  send: (body: UtmTrackingBody) => Promise<ApiResult<unknown>>,
  log: (message: string, detail?: unknown) => void,
): Promise<CampaignTrackingOutcome> {
  const params = new URLSearchParams(search);
  const body = Object.fromEntries(
    UTM_TAGS.map((tag) => [tag, params.get(tag)?.trim().slice(0, UTM_VALUE_MAX_LENGTH) || null]),
  ) as UtmTrackingBody;
  if (UTM_TAGS.every((tag) => body[tag] === null)) return 'skipped-empty';
  if (storage.getItem(STORAGE_KEYS.utmSent) !== null) return 'skipped-already-sent';

  const result = await send(body).catch((error: unknown) => ({ ok: false as const, error }));
  if (!result.ok) {
    log('Campaign tags were not recorded', result.error);
    return 'failed';
  }
  storage.setItem(STORAGE_KEYS.utmSent, '1');
  return 'sent';
}
