import { campaignTagsMachine } from '../../machines/campaignTags/campaignTags.machine';
import { inLanguage } from './graph/page';
import { writeModel } from './write.model';

const SPRING = { utm_source: 'newsletter', utm_medium: null, utm_campaign: 'spring', utm_term: null, utm_content: null };

// Nothing shows: the counted answer of each report is the check that the page sent it.
const welcome = () => ({});

export const campaignTagsModel = writeModel(campaignTagsMachine, {
  inputs: { 'the spring newsletter': SPRING },
  done: { recorded: { ok: true } },
  errors: { offline: { code: 'network_error' } },
  browser: {
    start: (language) => [{ open: inLanguage('/welcome', language) }],
    request: { url: '**/api/utm-tracking', method: 'POST' },
    // A landing with the tags reports them; once recorded, the same tags are not sent again.
    submit: (_, before, language) =>
      before.hasTag('done') ? null : [{ open: inLanguage('/welcome?utm_source=newsletter&utm_campaign=spring', language) }],
    states: { editing: welcome, done: welcome, failed: welcome },
  },
});
