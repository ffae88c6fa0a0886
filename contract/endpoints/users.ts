import { endpoint } from './define';
import { meSchema } from '../auth';
import { phoneCodeBodySchema, phoneCodeSentSchema, setPhoneBodySchema, updatePhoneBodySchema } from '../phone';
import { promoCodeBodySchema, promoRedemptionSchema, updateNameBodySchema, userDepositLevelsSchema } from '../users';

/** The customer: profile, phone, promo codes, deposit levels. */
export const usersEndpoints = {
  getMe: endpoint('GET', '/users/me', undefined, meSchema, {
    summary: 'The signed-in customer.',
    auth: 'bearer',
  }),
  setPhone: endpoint('POST', '/users/set-phone', setPhoneBodySchema, phoneCodeSentSchema, {
    summary:
      'Set a first phone number: an SMS code goes to it. Sending the same number again after 60 s sends a new code. A number another customer confirmed gets the same answer, but no code: its owner gets an SMS notice instead.',
    auth: 'bearer',
    errors: ['phone_invalid', 'phone_already_set', 'rate_limited'],
  }),
  confirmPhone: endpoint('POST', '/users/confirm-phone', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm the number from set-phone with its SMS code; two-factor sign-in starts with the next login.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  updatePhone: endpoint('POST', '/users/update-phone', updatePhoneBodySchema, phoneCodeSentSchema, {
    summary:
      'Change the confirmed phone: a code goes by e-mail to the account (`channel: email`) or by SMS to the new number (`channel: sms`). The old number stays until confirmed. A number another customer confirmed gets the same answer, but no code: its owner gets an SMS notice instead.',
    auth: 'bearer',
    errors: ['phone_invalid', 'phone_not_set', 'phone_unchanged', 'rate_limited'],
  }),
  confirmUpdatePhone: endpoint('POST', '/users/confirm-update-phone', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm a phone change with the code e-mailed to the account.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  confirmUpdatePhoneSms: endpoint('POST', '/users/confirm-update-phone-sms', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm a phone change with the code sent by SMS to the new number.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  updateName: endpoint('POST', '/users/update-name', updateNameBodySchema, meSchema, {
    summary: 'Set first and last name.',
    auth: 'bearer',
  }),
  redeemPromoCode: endpoint('POST', '/users/promocode', promoCodeBodySchema, promoRedemptionSchema, {
    summary: 'Redeem a promo code; each code once per customer.',
    auth: 'bearer',
    errors: ['promo_unknown', 'promo_expired', 'promo_already_redeemed'],
  }),
  getDepositLevels: endpoint('GET', '/users-deposit-levels/by-user', undefined, userDepositLevelsSchema, {
    summary: 'The deposit levels and the one the customer is on.',
    auth: 'bearer',
  }),
};
