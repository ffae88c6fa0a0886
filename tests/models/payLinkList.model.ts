import type { PayLink } from '../../contract/payLinks';
import { followModel } from './follow.model';
import { SAMPLE_PAY_LINK } from './payLink.model';
import { payLinkListMachine } from '../../machines/payLinkList/payLinkList.machine';

const paid: PayLink = { ...SAMPLE_PAY_LINK, status: 'paid', paidAt: '2026-03-02T09:05:00.000Z' };

export const payLinkListModel = followModel(payLinkListMachine, {
  answers: { 'still open': [SAMPLE_PAY_LINK], 'paid by someone': [paid] },
});
