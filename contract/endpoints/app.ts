import { endpoint } from './define';
import { saveUserSettingsBodySchema, userSettingsSchema, utmTrackingBodySchema } from '../app';
import { okSchema } from '../common';

/** App settings and campaign tracking. */
export const appEndpoints = {
  getUserSettings: endpoint('GET', '/user-settings', undefined, userSettingsSchema, {
    summary: 'The saved settings (language).',
    auth: 'bearer',
  }),
  saveUserSettings: endpoint('POST', '/user-settings', saveUserSettingsBodySchema, userSettingsSchema, {
    summary: 'Save the given settings; the language must be one of the 8 locales. Answers all settings.',
    auth: 'bearer',
  }),
  trackUtm: endpoint('POST', '/utm-tracking', utmTrackingBodySchema, okSchema, {
    summary: 'Record the campaign tags of a landing; tied to the customer when signed in.',
    auth: 'optional',
    errors: ['rate_limited'],
  }),
};
