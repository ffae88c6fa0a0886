// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../src/api/client';
import type { UtmTrackingBody } from '../contract';
import { captureReferralCode, trackCampaignTags, type KeyValueStorage } from '../src/app/campaign';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe('captureReferralCode', () => {
  it('stores the trimmed code', () => {
    const storage = memoryStorage();
    expect(captureReferralCode('?ref_code=%20FRIEND42%20&x=1', storage)).toBe('FRIEND42');
    expect(storage.items.get('ref_code')).toBe('FRIEND42');
  });

  it('replaces an earlier code with a later different one', () => {
    const storage = memoryStorage({ ref_code: 'OLD' });
    captureReferralCode('?ref_code=NEW', storage);
    expect(storage.items.get('ref_code')).toBe('NEW');
  });

  it.each(['', '?ref_code=', '?ref_code=%20%20', `?ref_code=${'a'.repeat(65)}`])('keeps the stored code for %j', (search) => {
    const storage = memoryStorage({ ref_code: 'KEPT' });
    expect(captureReferralCode(search, storage)).toBeUndefined();
    expect(storage.items.get('ref_code')).toBe('KEPT');
  });

  it('accepts a code of exactly 64 characters', () => {
    const storage = memoryStorage();
    captureReferralCode(`?ref_code=${'a'.repeat(64)}`, storage);
    expect(storage.items.get('ref_code')).toHaveLength(64);
  });
});

describe('trackCampaignTags', () => {
  function recorder(answer: () => Promise<ApiResult<unknown>>) {
    const sent: UtmTrackingBody[] = [];
    const logged: unknown[][] = [];
    return {
      sent,
      logged,
      send: (body: UtmTrackingBody) => {
        sent.push(body);
        return answer();
      },
      log: (...args: unknown[]) => {
        logged.push(args);
      },
    };
  }
  const accepted = () => Promise.resolve<ApiResult<unknown>>({ ok: true, data: null });
  const refused = () => Promise.resolve<ApiResult<unknown>>({ ok: false, error: { status: 503, code: 'http_503', message: 'down' } });

  it('skips when no utm tag has a value', async () => {
    const storage = memoryStorage();
    const r = recorder(accepted);
    expect(await trackCampaignTags('?utm_source=&utm_medium=%20&ref_code=X', storage, r.send, r.log)).toBe('skipped-empty');
    expect(r.sent).toEqual([]);
  });

  it('sends a set of tags once, with null for missing tags', async () => {
    const storage = memoryStorage();
    const r = recorder(accepted);
    const search = '?utm_source=newsletter&utm_campaign=spring%20sale&utm_term=';
    expect(await trackCampaignTags(search, storage, r.send, r.log)).toBe('sent');
    expect(r.sent).toEqual([
      { utm_source: 'newsletter', utm_medium: null, utm_campaign: 'spring sale', utm_term: null, utm_content: null },
    ]);

    expect(await trackCampaignTags(search, storage, r.send, r.log)).toBe('skipped-already-sent');
    // The same set in another order, or with an ignored parameter, is the same set.
    expect(await trackCampaignTags('?utm_campaign=spring%20sale&ref_code=X&utm_source=newsletter', storage, r.send, r.log)).toBe(
      'skipped-already-sent',
    );
    expect(r.sent).toHaveLength(1);
  });

  it('sends a later campaign, and an earlier one only once', async () => {
    const storage = memoryStorage();
    const r = recorder(accepted);
    expect(await trackCampaignTags('?utm_source=newsletter', storage, r.send, r.log)).toBe('sent');
    expect(await trackCampaignTags('?utm_source=again', storage, r.send, r.log)).toBe('sent');
    expect(await trackCampaignTags('?utm_source=again&utm_medium=email', storage, r.send, r.log)).toBe('sent');
    expect(await trackCampaignTags('?utm_source=newsletter', storage, r.send, r.log)).toBe('skipped-already-sent');
    expect(r.sent.map((body) => [body.utm_source, body.utm_medium])).toEqual([
      ['newsletter', null],
      ['again', null],
      ['again', 'email'],
    ]);
  });

  it('sends once more after the flag of earlier versions, which named no set', async () => {
    const storage = memoryStorage({ utm_tracking_sent: '1' });
    const r = recorder(accepted);
    expect(await trackCampaignTags('?utm_source=ads', storage, r.send, r.log)).toBe('sent');
    expect(await trackCampaignTags('?utm_source=ads', storage, r.send, r.log)).toBe('skipped-already-sent');
    expect(r.sent).toHaveLength(1);
  });

  it('keeps the latest 20 sets', async () => {
    const storage = memoryStorage();
    const r = recorder(accepted);
    for (let n = 0; n <= 20; n += 1) await trackCampaignTags(`?utm_source=s${n}`, storage, r.send, r.log);
    expect(await trackCampaignTags('?utm_source=s20', storage, r.send, r.log)).toBe('skipped-already-sent');
    expect(await trackCampaignTags('?utm_source=s1', storage, r.send, r.log)).toBe('skipped-already-sent');
    // The oldest set was forgotten: reported again.
    expect(await trackCampaignTags('?utm_source=s0', storage, r.send, r.log)).toBe('sent');
  });

  it('logs a refused report and leaves the flag unset', async () => {
    const storage = memoryStorage();
    const r = recorder(refused);
    expect(await trackCampaignTags('?utm_medium=email', storage, r.send, r.log)).toBe('failed');
    expect(storage.items.has('utm_tracking_sent')).toBe(false);
    expect(r.logged).toHaveLength(1);
    expect(r.logged[0]?.[1]).toMatchObject({ code: 'http_503' });
  });

  it('logs a rejected send instead of throwing', async () => {
    const storage = memoryStorage();
    const r = recorder(() => Promise.reject(new Error('offline')));
    expect(await trackCampaignTags('?utm_content=banner', storage, r.send, r.log)).toBe('failed');
    expect(storage.items.has('utm_tracking_sent')).toBe(false);
    expect(r.logged).toHaveLength(1);
  });
});
