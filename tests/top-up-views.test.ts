import { describe, expect, it } from 'vitest';
import {
  formatVoucherCode,
  normalizeVoucherCode,
  VOUCHER_ALPHABET,
  voucherCheckCharacter,
  voucherCodeProblem,
} from '../contract/voucherCode';
import { fiatTopUpMachine } from '../machines/fiatTopUp/fiatTopUp.machine';
import { fiatTopUpView } from '../machines/fiatTopUp/fiatTopUp.view';
import { payByCodeMachine } from '../machines/payByCode/payByCode.machine';
import { payByCodeView } from '../machines/payByCode/payByCode.view';
import { depositLinkMachine } from '../machines/depositLink/depositLink.machine';
import { SAMPLE_DEPOSIT_LINK } from './models/depositLink.model';
import { depositLinkView } from '../machines/depositLink/depositLink.view';

const withCheck = (data: string) => data + voucherCheckCharacter(data);

describe('voucher codes (contract/voucherCode.ts)', () => {
  const code = withCheck('7K2Q9XHPM3D4TRV');

  it('reads what a person types the Crockford way: any case, groups, I and L as 1, O as 0', () => {
    expect(normalizeVoucherCode(' 7k2q-9xhp m3d4-trv ')).toBe('7K2Q9XHPM3D4TRV');
    expect(normalizeVoucherCode('iLoO')).toBe('1100');
    expect(formatVoucherCode(code.toLowerCase())).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`);
    expect(voucherCodeProblem(formatVoucherCode(code).toLowerCase())).toBeNull();
  });

  it('says what is wrong: too short, too long, a character codes never use, a typo', () => {
    expect(voucherCodeProblem(code.slice(0, 15))).toBe('short');
    expect(voucherCodeProblem(`${code}0`)).toBe('long');
    expect(voucherCodeProblem(`U${code.slice(1)}`)).toBe('character');
    expect(voucherCodeProblem(`${code.slice(0, 15)}${code.at(-1) === '0' ? '1' : '0'}`)).toBe('check');
  });

  it('catches every single wrong character and every swap of two different characters', () => {
    for (let position = 0; position < 16; position++) {
      for (const replacement of VOUCHER_ALPHABET) {
        if (replacement === code[position]) continue;
        const typo = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(voucherCodeProblem(typo), typo).toBe('check');
      }
    }
    for (let i = 0; i < 16; i++) {
      for (let j = i + 1; j < 16; j++) {
        if (code[i] === code[j]) continue;
        const swapped = [...code];
        [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
        expect(voucherCodeProblem(swapped.join('')), swapped.join('')).toBe('check');
      }
    }
  });
});

describe('the /inject/pay-by-code view', () => {
  const context = { code: '', problem: null, failure: null, retryAfterSeconds: 0, redemption: null };
  const at = (value: string, extra: object = {}) =>
    payByCodeView(payByCodeMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));

  it('shows the form, busy while the code is checked', () => {
    expect(at('entering', { code: '7K2Q' })).toMatchObject({ step: 'form', code: '7K2Q', busy: false });
    expect(at('checking')).toMatchObject({ step: 'form', busy: true });
  });

  it('says when to try again, in whole minutes', () => {
    expect(at('lockedOut', { retryAfterSeconds: 900 })).toMatchObject({ step: 'lockedOut', waitMinutes: 15 });
    expect(at('lockedOut', { retryAfterSeconds: 61 })).toMatchObject({ waitMinutes: 2 });
  });

  it('shows what was credited once redeemed', () => {
    const redemption = { amount: '25.00', currency: 'EUR', accountId: 'a', transactionId: 't' };
    expect(at('redeemed', { redemption })).toMatchObject({ step: 'redeemed', redemption });
  });
});

describe('the /inject/fiat view', () => {
  const at = (value: string, extra: object = {}) =>
    fiatTopUpView(fiatTopUpMachine.resolveState({ value: value as never, context: { details: null, failure: null, ...extra } }));

  it('loads, shows the details, or offers to try again', () => {
    expect(at('loading').step).toBe('loading');
    const details = { holderName: 'Ann', bic: 'B', reference: 'MRD00000000', accounts: [] };
    expect(at('shown', { details })).toEqual({ step: 'shown', details, failure: null });
    expect(at('failed', { failure: { code: 'network_error' } })).toMatchObject({ step: 'failed', failure: { code: 'network_error' } });
  });
});

describe('the deposit link block view', () => {
  const context = { asset: 'USDT' as const, network: 'base' as const, created: null, amountInvalid: false, failure: null };
  const at = (value: 'editing' | 'creating' | 'created', extra: object = {}) =>
    depositLinkView(depositLinkMachine.resolveState({ value, context: { ...context, ...extra } }));

  it('shows the form, busy while the link is made, then the link', () => {
    expect(at('editing')).toEqual({ created: null, busy: false, amountInvalid: false, failure: null });
    expect(at('editing', { amountInvalid: true })).toMatchObject({ amountInvalid: true, created: null });
    expect(at('creating')).toMatchObject({ busy: true, created: null });
    expect(at('created', { created: SAMPLE_DEPOSIT_LINK })).toMatchObject({ busy: false, created: SAMPLE_DEPOSIT_LINK });
  });
});
