import type { Rate, SetRatesBody } from '../../contract/rates';
import { createWriteMachine } from '../write/write.machine';

export const setRatesMachine = createWriteMachine<SetRatesBody, Rate[]>({
  id: 'setRates',
  description:
    'An admin fixes an asset’s USD price as of now on /simulate/admin (POST /admin/rates), for demonstrations; the audit log is read again after it.',
  editable: true,
});
