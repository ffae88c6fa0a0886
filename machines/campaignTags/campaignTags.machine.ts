import type { UtmTrackingBody } from '../../contract/app';
import { createWriteMachine } from '../write/write.machine';

export const campaignTagsMachine = createWriteMachine<UtmTrackingBody, unknown>({
  id: 'campaignTags',
  description:
    'The `utm_*` tags of a landing address, reported once per distinct set of tags (POST /utm-tracking); a failed report is tried again at the next landing with the same tags.',
});
