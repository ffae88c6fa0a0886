import { depositLinkSettled } from '../../contract/depositLinks';
import { SAMPLE_DEPOSIT_LINK } from './depositLink.model';
import { depositLinkPaidMachine } from '../../machines/depositLinkPaid/depositLinkPaid.machine';
import { followModel } from './follow.model';
import { DEPOSIT_LINK_ANSWERS } from './walletPayLink.model';

export const depositLinkPaidModel = followModel(depositLinkPaidMachine, {
  inputs: { 'the link just made': { hash: SAMPLE_DEPOSIT_LINK.hash } },
  answers: DEPOSIT_LINK_ANSWERS,
  settled: depositLinkSettled,
});
