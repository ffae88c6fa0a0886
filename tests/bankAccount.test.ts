import { describe, expect, it } from 'vitest';
import { ibanProblem, needsBic, printedIban } from '../contract/bankAccount';

describe('an IBAN as it is typed', () => {
  it.each([
    ['pasted in lower case with spaces', 'de89 3704 0044 0532 0130 00', null, null],
    ['not finished yet', 'DE89 3704', null, 'iban_length'],
    ['one digit too many', 'DE893704004405320130000', 'iban_length', 'iban_length'],
    ['an unknown country', 'XX89370400440532013000', 'iban_country', 'iban_country'],
    ['a country outside SEPA', 'BR1800360305000010009795493C1', 'iban_not_sepa', 'iban_not_sepa'],
    ['a letter where its country has digits', 'DE8937040044053201300A', 'iban_format', 'iban_format'],
    ['a mistyped digit', 'DE89370400440532013001', 'iban_check_digits', 'iban_check_digits'],
    ['nothing', '', null, 'iban_length'],
  ])('%s', (_, typed, whileTyping, whenSent) => {
    expect(ibanProblem(typed, { typing: true })).toBe(whileTyping);
    expect(ibanProblem(typed)).toBe(whenSent);
  });

  it('asks for the BIC only outside the EEA, and prints in groups of four', () => {
    expect(needsBic('gb29 nwbk 6016 1331 9268 19')).toBe(true);
    expect(needsBic('DE89370400440532013000')).toBe(false);
    expect(printedIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
