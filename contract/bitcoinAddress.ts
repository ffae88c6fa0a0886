import { getAddressInfo, Network } from 'bitcoin-address-validation';
import type { BitcoinNetwork } from './withdrawals';

/** Why a typed Bitcoin address is refused: not one at all (or a mistyped checksum), or one of the other network. */
export type BitcoinAddressRefusal = 'address_invalid' | 'address_wrong_network';

/**
 * A Bitcoin address as typed, checked by the server and in the browser alike: P2PKH, P2SH, bech32
 * (P2WPKH, P2WSH) or bech32m (P2TR) with a valid checksum, of `network` — mainnet's `1…`, `3…`, `bc1…`,
 * or a test network's `m…`, `n…`, `2…`, `tb1…`, `bcrt1…` (testnet, signet and regtest coins are all
 * worthless, so any of them does for the demo). bech32 is case-insensitive and kept in lower case.
 */
export function checkBitcoinAddress(
  typed: string,
  network: BitcoinNetwork,
): { ok: true; address: string } | { ok: false; code: BitcoinAddressRefusal } {
  // The library's decoders are not meant for megabytes of input: no address is longer than 90.
  if (typed.length > 90 || !/^[0-9A-Za-z]+$/.test(typed)) return { ok: false, code: 'address_invalid' };
  let info: ReturnType<typeof getAddressInfo>;
  try {
    info = getAddressInfo(typed);
  } catch {
    return { ok: false, code: 'address_invalid' };
  }
  if ((info.network === Network.mainnet) !== (network === 'mainnet')) return { ok: false, code: 'address_wrong_network' };
  return { ok: true, address: info.bech32 ? typed.toLowerCase() : typed };
}
