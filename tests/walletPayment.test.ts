import { describe, expect, it } from 'vitest';
import { erc20TransferData } from '../contract/wallet';
import { walletPayment } from '../contract/walletPayment';

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('walletPayment', () => {
  it('pays the native coin to the address, in wei', () => {
    expect(walletPayment({ address, chainId: 31338, token: null, decimals: 18 }, '0.01')).toEqual({
      to: address,
      chainId: 31338,
      value: 10n ** 16n,
    });
  });

  it('pays a token through its transfer, counted in the decimals it has on that chain', () => {
    // 12.5 USDT: 6 decimals on Base, 18 on BNB Smart Chain.
    expect(walletPayment({ address, chainId: 31338, token, decimals: 6 }, '12.5')).toEqual({
      to: token,
      chainId: 31338,
      value: 0n,
      data: erc20TransferData(address, 12_500_000n),
    });
    expect(walletPayment({ address, chainId: 31339, token, decimals: 18 }, '12.5').data).toBe(
      erc20TransferData(address, 125n * 10n ** 17n),
    );
  });
});
