import type { CreatedVoucher, CreateVoucherBody } from '../../contract/inject';
import { createWriteMachine } from '../write/write.machine';

export const createVoucherMachine = createWriteMachine<CreateVoucherBody, CreatedVoucher>({
  id: 'createVoucher',
  description:
    'An admin creates a voucher code on /simulate/admin (POST /simulate/admin/vouchers): an amount of an asset, valid through a day. The code is shown this once (the server keeps only its hash), until the next code is asked for.',
  editable: true,
});
