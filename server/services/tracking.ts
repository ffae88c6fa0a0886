import { randomUUID } from 'node:crypto';
import type { UtmTrackingBody } from '../../contract/app';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { utmVisits } from '../db/schema';

/** Campaign tags of a landing; no IP or user agent is kept with them. */
export function createTrackingService(db: Db, clock: Clock) {
  async function recordUtm(userId: string | null, tags: UtmTrackingBody): Promise<void> {
    await db.insert(utmVisits).values({
      id: randomUUID(),
      userId,
      utmSource: tags.utm_source,
      utmMedium: tags.utm_medium,
      utmCampaign: tags.utm_campaign,
      utmTerm: tags.utm_term,
      utmContent: tags.utm_content,
      createdAt: clock(),
    });
  }

  return { recordUtm };
}
