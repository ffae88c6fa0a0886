import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../contract/locales';
import {
  biometricCodeMessage,
  confirmPhoneChangeEmail,
  confirmPhoneSms,
  resetPasswordMessage,
  signInCodeSms,
  verifyEmailMessage,
} from '../../server/services/messages';

const CODE = '493027';

const messagesIn = (locale: Locale) => [
  verifyEmailMessage('a@example.com', CODE, locale),
  resetPasswordMessage('a@example.com', CODE, locale),
  signInCodeSms('+33612345678', CODE, locale),
  confirmPhoneSms('+33612345678', CODE, 'set_phone', locale),
  confirmPhoneChangeEmail('a@example.com', CODE, '+33 6 12 34 56 78', locale),
  biometricCodeMessage('a@example.com', 'email', 'biometric_enable', CODE, locale),
  biometricCodeMessage('+33612345678', 'sms', 'biometric_disable', CODE, locale),
];

describe('messages that carry a code', () => {
  it.each(LOCALES)('are written whole in %s: the code in ASCII digits, no placeholder left, no English copy', (locale) => {
    const english = messagesIn('en');
    messagesIn(locale).forEach((message, index) => {
      expect(message.body, message.template).toMatch(new RegExp(`\\b${CODE}\\b`));
      expect(`${message.subject} ${message.body}`, message.template).not.toMatch(/[{}]/);
      if (locale !== 'en') expect(message.body, message.template).not.toBe(english[index]!.body);
    });
    expect(messagesIn(locale)[4]!.body).toContain('+33 6 12 34 56 78');
  });
});
