import { endpoint } from './define';
import { emptyBodySchema } from '../common';
import { changePasswordBodySchema, passwordChangedSchema } from '../stepUp';
import { meSchema } from '../auth';
import { phoneCodeBodySchema, phoneCodeSentSchema, setPhoneBodySchema, updatePhoneBodySchema } from '../phone';
import {
  acceptTermsBodySchema,
  operationLimitsSchema,
  promoCodeBodySchema,
  promoRedemptionSchema,
  updateNameBodySchema,
  userDepositLevelsSchema,
} from '../users';

/** The customer: profile, phone, promo codes, deposit levels. */
export const usersEndpoints = {
  getMe: endpoint('GET', '/users/me', undefined, meSchema, {
    summary: 'The signed-in customer.',
    auth: 'bearer',
  }),
  setPhone: endpoint('POST', '/users/set-phone', setPhoneBodySchema, phoneCodeSentSchema, {
    summary:
      'Set a first phone number (step-up `phone.set` required): an SMS code goes to it. Sending the same number again after 60 s sends a new code. A number another customer confirmed gets the same answer, but no code: its owner is told by e-mail (at most once a day).',
    auth: 'bearer',
    errors: ['step_up_required', 'phone_invalid', 'phone_already_set', 'rate_limited', 'email_unverified'],
  }),
  confirmPhone: endpoint('POST', '/users/confirm-phone', phoneCodeBodySchema, meSchema, {
    summary:
      'Confirm the number from set-phone with its SMS code; two-factor sign-in starts with the next login. Spends the `phone.set` step-up. A number another customer confirmed answers `code_invalid`, like a wrong code.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'email_unverified'],
  }),
  updatePhone: endpoint('POST', '/users/update-phone', updatePhoneBodySchema, phoneCodeSentSchema, {
    summary:
      'Change the confirmed phone (step-up `phone.change` required; the session alone is not enough): a code goes by e-mail to the account (`channel: email`, followed by an SMS code to the new number) or by SMS to the new number (`channel: sms`). The old number stays until the new one is confirmed by SMS. A number another customer confirmed gets the same answers at every step, but no code: its owner is told by e-mail (at most once a day).',
    auth: 'bearer',
    errors: ['step_up_required', 'phone_invalid', 'phone_not_set', 'phone_unchanged', 'rate_limited', 'email_unverified'],
  }),
  confirmUpdatePhone: endpoint('POST', '/users/confirm-update-phone', phoneCodeBodySchema, phoneCodeSentSchema, {
    summary:
      'Confirm a phone change with the code e-mailed to the account. The number is not changed yet: an SMS code now goes to the new number (answered like update-phone with `channel: sms`), to be confirmed with confirm-update-phone-sms.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'email_unverified'],
  }),
  confirmUpdatePhoneSms: endpoint('POST', '/users/confirm-update-phone-sms', phoneCodeBodySchema, meSchema, {
    summary:
      'Confirm a phone change with the code sent by SMS to the new number. Spends the `phone.change` step-up; the old number (SMS) and the e-mail are told, in the customer’s language. A number another customer confirmed answers `code_invalid`, like a wrong code.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'email_unverified'],
  }),
  removePhone: endpoint('POST', '/users/remove-phone', emptyBodySchema, meSchema, {
    summary:
      'Remove the confirmed phone (spends a `phone.remove` step-up); sign-in no longer asks for an SMS code. The old number (SMS) and the e-mail are told, in the customer’s language.',
    auth: 'bearer',
    errors: ['step_up_required', 'phone_not_set'],
  }),
  changePassword: endpoint('POST', '/users/change-password', changePasswordBodySchema, passwordChangedSchema, {
    summary:
      'Change the password with the current one and a `password.change` step-up (spent). Every other session is signed out, this one stays; the e-mail is told. The new password follows the sign-up rule.',
    auth: 'bearer',
    errors: ['step_up_required', 'password_too_weak', 'current_password_invalid', 'rate_limited'],
  }),
  updateName: endpoint('POST', '/users/update-name', updateNameBodySchema, meSchema, {
    summary:
      'Set first and last name (no control, invisible or direction-changing characters). Refused with `name_locked` while the identity check is under review and once it is approved: the name is then the one on the checked document.',
    auth: 'bearer',
    errors: ['name_locked'],
  }),
  acceptTerms: endpoint('POST', '/users/accept-terms', acceptTermsBodySchema, meSchema, {
    summary:
      'Accept the terms in force (`version`, see /terms): what money endpoints answering `terms_not_accepted` wait for. Accepting the accepted version again answers the same.',
    auth: 'bearer',
    errors: ['terms_version_outdated'],
  }),
  redeemPromoCode: endpoint('POST', '/users/promocode', promoCodeBodySchema, promoRedemptionSchema, {
    summary: 'Redeem a promo code; each code once per customer. At most 10 tries an hour per customer and 30 per address.',
    auth: 'bearer',
    errors: ['promo_unknown', 'promo_expired', 'promo_already_redeemed', 'rate_limited'],
  }),
  getDepositLevels: endpoint('GET', '/users-deposit-levels/by-user', undefined, userDepositLevelsSchema, {
    summary: 'The deposit levels and the one the customer is on.',
    auth: 'bearer',
  }),
  getLimits: endpoint('GET', '/users-deposit-levels/limits', undefined, operationLimitsSchema, {
    summary: "What is left of the level's daily and monthly limit of each operation, in US dollars.",
    auth: 'bearer',
  }),
};
