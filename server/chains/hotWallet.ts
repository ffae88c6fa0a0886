import { toHex, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, DEMO_HOT_WALLET_INDEX } from './localNodes';

/** The local nodes' hot wallet: development account 7, with the nodes' 10 000 coins and 1 000 000 of each test token. */
export function demoHotWalletKey(): Hex {
  return toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: DEMO_HOT_WALLET_INDEX }).getHdKey().privateKey!);
}

export function hotWalletAccount(key: Hex): PrivateKeyAccount {
  return privateKeyToAccount(key);
}
