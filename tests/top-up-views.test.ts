import { describe, expect, it } from 'vitest';
import {
  formatVoucherCode,
  normalizeVoucherCode,
  VOUCHER_ALPHABET,
  voucherCheckCharacter,
  voucherCodeProblem,
} from '../contract/voucherCode';
import { fiatTopUpMachine } from '../machines/fiatTopUp/fiatTopUp.machine';
import { connectFiatTopUp } from '../machines/fiatTopUp/fiatTopUp.view';
import { payByCodeMachine } from '../machines/payByCode/payByCode.machine';
import { connectPayByCode } from '../machines/payByCode/payByCode.view';
import { depositLinkMachine } from '../machines/depositLink/depositLink.machine';
import { SAMPLE_DEPOSIT_LINK } from './models/depositLink.model';
import { connectDepositLink } from '../machines/depositLink/depositLink.view';

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
    connectPayByCode(payByCodeMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );
  const sent: unknown[] = [];

  it('shows the form, busy while the code is checked', () => {
    expect(at('entering', { code: '7K2Q' })).toMatchObject({ lockedOut: false, redeemed: null, code: '7K2Q', busy: false });
    expect(at('checking')).toMatchObject({ lockedOut: false, redeemed: null, busy: true });
  });

  it('says when to try again, in whole minutes', () => {
    expect(at('lockedOut', { retryAfterSeconds: 900 })).toMatchObject({ lockedOut: true, waitMinutes: 15 });
    expect(at('lockedOut', { retryAfterSeconds: 61 })).toMatchObject({ waitMinutes: 2 });
  });

  it('shows what was credited once redeemed', () => {
    const redemption = { amount: '25.00', currency: 'EUR', accountId: 'a', transactionId: 't' };
    expect(at('redeemed', { redemption })).toMatchObject({ lockedOut: false, redeemed: redemption });
  });

  it('sends the typed code, the submission and another code as the machine’s events', () => {
    const view = at('entering');
    view.typeCode('7K2Q');
    view.submit();
    view.anotherCode();
    expect(sent).toEqual([{ type: 'CODE_CHANGED', code: '7K2Q' }, { type: 'CODE_SUBMITTED' }, { type: 'ANOTHER_CODE' }]);
  });
});

describe('the /inject/fiat view', () => {
  const at = (value: string, extra: object = {}) =>
    connectFiatTopUp(
      fiatTopUpMachine.resolveState({ value: value as never, context: { details: null, failure: null, ...extra } }),
      () => {},
    );

  it('loads, shows the details, or offers to try again', () => {
    expect(at('loading')).toMatchObject({ loading: true, details: null, failed: false });
    const details = { holderName: 'Ann', bic: 'B', reference: 'MRD00000000', accounts: [] };
    expect(at('shown', { details })).toMatchObject({ loading: false, details, failed: false, failure: null });
    expect(at('failed', { failure: { code: 'network_error' } })).toMatchObject({ failed: true, failure: { code: 'network_error' } });
  });
});

describe('the deposit link block view', () => {
  const context = { asset: 'USDT' as const, network: 'base' as const, created: null, amountInvalid: false, failure: null };
  const at = (value: 'editing' | 'creating' | 'created', extra: object = {}) =>
    connectDepositLink(depositLinkMachine.resolveState({ value, context: { ...context, ...extra } }), (event) => sent.push(event));
  const sent: unknown[] = [];

  it('shows the form, busy while the link is made, then the link', () => {
    expect(at('editing')).toMatchObject({ created: null, busy: false, amountInvalid: false, failure: null });
    expect(at('editing', { amountInvalid: true })).toMatchObject({ amountInvalid: true, created: null });
    expect(at('creating')).toMatchObject({ busy: true, created: null });
    expect(at('created', { created: SAMPLE_DEPOSIT_LINK })).toMatchObject({ busy: false, created: SAMPLE_DEPOSIT_LINK });
  });

  it('sends the amount for a link and the request for a new one as the machine’s events', () => {
    const view = at('editing');
    view.create('25');
    view.newLink();
    expect(sent).toEqual([{ type: 'AMOUNT_SUBMITTED', amount: '25' }, { type: 'NEW_LINK_REQUESTED' }]);
  });
});
