import { depositLinkSettled, type DepositLink } from '../../contract/depositLinks';
import { SAMPLE_DEPOSIT_LINK } from './depositLink.model';
import { followModel } from './follow.model';
import { walletPayLinkMachine } from '../../machines/walletPayLink/walletPayLink.machine';

export const DEPOSIT_LINK_ANSWERS: Record<string, DepositLink> = {
  'seen on the chain': { ...SAMPLE_DEPOSIT_LINK, status: 'confirming' },
  'paid in full': { ...SAMPLE_DEPOSIT_LINK, status: 'paid', received: SAMPLE_DEPOSIT_LINK.amount, remainder: '0' },
};

export const walletPayLinkModel = followModel(walletPayLinkMachine, {
  inputs: { 'an open link': { hash: SAMPLE_DEPOSIT_LINK.hash } },
  answers: DEPOSIT_LINK_ANSWERS,
  settled: depositLinkSettled,
});
