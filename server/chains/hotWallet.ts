import { toHex, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from './localNodes';

/**
 * The local nodes' hot wallet: an anvil development account no test or wallet page sends from
 * (0–4 hold test tokens for them, 9 deploys the tokens), funded with the nodes' 10 000 coins.
 */
const DEMO_HOT_WALLET_INDEX = 7;

export function demoHotWalletKey(): Hex {
  return toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: DEMO_HOT_WALLET_INDEX }).getHdKey().privateKey!);
}

export function hotWalletAccount(key: Hex): PrivateKeyAccount {
  return privateKeyToAccount(key);
}
