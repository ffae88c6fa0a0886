import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import type { ApiResult } from '../api/client';
import type { UtmTrackingBody } from '../../contract/app';
import { UTM_TAGS } from '../../contract/campaign';
import { campaignTagsMachine } from '../../machines/campaignTags/campaignTags.machine';
import { STORAGE_KEYS } from '../platform/storage';
import { campaignTagsActors, campaignTagsSent, type KeyValueStorage } from './actors/campaignTags';

export type { KeyValueStorage };

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
 * Reports the `utm_*` tags of the landing URL once per distinct set of tags, through the campaignTags write
 * machine. A set counts as sent only after the server accepted it, so a failed report is tried again at a
 * later landing with the same tags. A failed report is logged, never thrown: campaign tracking must not
 * break the app.
 */
export async function trackCampaignTags(
  search: string,
  storage: KeyValueStorage,
  send: (body: UtmTrackingBody) => Promise<ApiResult<unknown>>,
  log: (message: string, detail?: unknown) => void,
  inspect?: Observer<InspectionEvent>,
): Promise<CampaignTrackingOutcome> {
  const params = new URLSearchParams(search);
  const body = Object.fromEntries(
    UTM_TAGS.map((tag) => [tag, params.get(tag)?.trim().slice(0, UTM_VALUE_MAX_LENGTH) || null]),
  ) as UtmTrackingBody;
  if (UTM_TAGS.every((tag) => body[tag] === null)) return 'skipped-empty';
  if (campaignTagsSent(storage, body)) return 'skipped-already-sent';

  const report = createActor(campaignTagsMachine.provide(campaignTagsActors(send, storage)), { inspect }).start();
  // The endpoint is not idempotent: the key only keeps the write machine's one shape.
  report.send({ type: 'SUBMITTED', input: body, key: crypto.randomUUID() });
  const ended = await waitFor(report, (s) => s.hasTag('done') || s.hasTag('failed'));
  report.stop();
  if (ended.hasTag('failed')) {
    log('Campaign tags were not recorded', ended.context.failure);
    return 'failed';
  }
  return 'sent';
}
