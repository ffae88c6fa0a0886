import { followModel } from './follow.model';
import { confirmed, walletConfirmationsMachine } from '../../machines/walletConfirmations/walletConfirmations.machine';

export const walletConfirmationsModel = followModel(walletConfirmationsMachine, {
  inputs: { 'a payment on Base': { hash: `0x${'ab'.repeat(32)}`, chainId: 31338 } },
  answers: { 'one of two': { confirmations: 1, required: 2 }, 'deep enough': { confirmations: 2, required: 2 } },
  settled: confirmed,
});
