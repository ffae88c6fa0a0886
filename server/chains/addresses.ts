import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, getAddress, keccak256 } from 'viem';

/**
 * Deposit addresses from extended public keys: the server derives a customer's address at their index
 * without any private key. EVM: the account key of m/44'/60'/1'/0 (account 1', so never the development
 * accounts of m/44'/60'/0'/0 that fund the local nodes), child n. BTC: BIP-84 (native SegWit, bech32)
 * at m/84'/0'/0'/0, child n. The keys that can spend stay with the operator's signer, elsewhere.
 */
export const EVM_DEPOSIT_PATH = "m/44'/60'/1'/0";
export const BTC_DEPOSIT_PATH = "m/84'/0'/0'/0";

/**
 * The well-known development mnemonic (anvil's, Hardhat's): demo mode's deposit keys come from it, so
 * anyone can spend what reaches them. Production refuses its extended public keys.
 */
export const DEMO_DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DepositKeys {
  /** Extended public key (xpub…) of EVM_DEPOSIT_PATH. */
  evm: string;
  /** Extended public key (xpub…) of BTC_DEPOSIT_PATH. */
  btc: string;
  /** `bc` on Bitcoin's main network; `tb` (test network) for the demo keys, so no one sends real coins to them. */
  btcPrefix: 'bc' | 'tb';
}

let demoKeys: DepositKeys | undefined;
/** The demo mnemonic's extended public keys (computed once: the seed takes 2048 PBKDF2 rounds). */
export function demoDepositKeys(): DepositKeys {
  if (!demoKeys) {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEMO_DEPOSIT_MNEMONIC));
    demoKeys = {
      evm: root.derive(EVM_DEPOSIT_PATH).publicExtendedKey,
      btc: root.derive(BTC_DEPOSIT_PATH).publicExtendedKey,
      btcPrefix: 'tb',
    };
  }
  return demoKeys;
}

function child(xpub: string, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`derivation index out of range: ${index}`);
  const key = HDKey.fromExtendedKey(xpub).deriveChild(index).publicKey;
  if (!key) throw new Error('the extended key has no public key');
  return key;
}

/** The EIP-55 address of child `index`. */
export function evmDepositAddress(xpub: string, index: number): `0x${string}` {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(child(xpub, index)).toRawBytes(false);
  return getAddress(`0x${keccak256(uncompressed.subarray(1)).slice(-40)}`);
}

/** The BIP-84 (P2WPKH, bech32) address of child `index`. */
export function btcDepositAddress(xpub: string, index: number, prefix: DepositKeys['btcPrefix']): string {
  const program = ripemd160(sha256(child(xpub, index)));
  return bech32.encode(prefix, [0, ...bech32.toWords(program)]);
}

/** Whether `xpub` parses as an extended public key (never a private one: the server must not hold it). */
export function isExtendedPublicKey(xpub: string): boolean {
  try {
    const key = HDKey.fromExtendedKey(xpub);
    return key.privateKey === null && bytesToHex(key.publicKey!).length > 0;
  } catch {
    return false;
  }
}
