import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../contract/countries';
import { callingCode, formatPhone, isValidE164, maskPhone, parsePhoneInput, phoneCountry, PHONE_COUNTRIES } from '../contract/phoneNumbers';

describe('parsing what the customer types', () => {
  it('reads a national number in the chosen country and gives E.164 and the international form', () => {
    expect(parsePhoneInput('0151 23456789', 'DE')).toEqual({ ok: true, e164: '+4915123456789', international: '+49 1512 3456789' });
    expect(parsePhoneInput('06 12 34 56 78', 'FR')).toEqual({ ok: true, e164: '+33612345678', international: '+33 6 12 34 56 78' });
    expect(parsePhoneInput('(201) 555-0123', 'US')).toMatchObject({ ok: true, e164: '+12015550123' });
  });

  it('takes a number typed with its + as it is, whatever country is chosen', () => {
    expect(parsePhoneInput('+33 6 12 34 56 78', 'DE')).toMatchObject({ ok: true, e164: '+33612345678' });
  });

  it('tells a missing number from an invalid one', () => {
    expect(parsePhoneInput('   ', 'DE')).toEqual({ ok: false, reason: 'missing' });
    expect(parsePhoneInput('0151', 'DE')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePhoneInput('not a number', 'DE')).toEqual({ ok: false, reason: 'invalid' });
    // The right length, but no such prefix in the plan.
    expect(parsePhoneInput('(099) 555-0123', 'US')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('the server check', () => {
  it('accepts E.164 numbers of a numbering plan only', () => {
    expect(isValidE164('+4915123456789')).toBe(true);
    expect(isValidE164('+4900000')).toBe(false);
    expect(isValidE164('4915123456789')).toBe(false);
    expect(isValidE164('+49 1512 3456789')).toBe(false);
  });
});

describe('showing numbers', () => {
  it('formats stored numbers internationally, unknown ones as stored', () => {
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(formatPhone('+999123')).toBe('+999123');
  });

  it('masks all but the country code and the last two digits', () => {
    expect(maskPhone('+4915123456789')).toBe('+49 •••••••••89');
    expect(maskPhone('+12015550123')).toBe('+1 ••••••••23');
  });

  it('knows the country and calling code of a number', () => {
    expect(phoneCountry('+33612345678')).toBe('FR');
    expect(callingCode('DE')).toBe('+49');
    expect(callingCode('AQ')).toBeNull();
  });

  it('offers every country the numbering metadata knows, and only those', () => {
    expect(PHONE_COUNTRIES).toContain('DE');
    expect(PHONE_COUNTRIES).not.toContain('AQ');
    expect(PHONE_COUNTRIES.length).toBeGreaterThan(COUNTRY_CODES.length - 10);
  });
});
