import type { Message } from './outbox';
import { CODE_TTL_SECONDS } from './codes';

// English only for now; messages follow the customer's saved language once translated templates exist.

const minutes = CODE_TTL_SECONDS / 60;

export function verifyEmailMessage(to: string, code: string): Message {
  return {
    to,
    channel: 'email',
    template: 'verify_email',
    subject: `${code} is your Meridian verification code`,
    body: `Your Meridian verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not create a Meridian account, ignore this e-mail.`,
  };
}

export function resetPasswordMessage(to: string, code: string): Message {
  return {
    to,
    channel: 'email',
    template: 'reset_password',
    subject: `${code} is your Meridian password reset code`,
    body: `Your Meridian password reset code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask to reset your password, ignore this e-mail; your password stays as it is.`,
  };
}

/** SMS are short and carry no link: the code, what it is for, and what to do if it was not you. */
export function signInCodeSms(to: string, code: string): Message {
  return {
    to,
    channel: 'sms',
    template: 'login_two_factor',
    subject: 'Meridian sign-in code',
    body: `${code} is your Meridian sign-in code. It expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
  };
}

export function confirmPhoneSms(to: string, code: string, purpose: 'set_phone' | 'update_phone_sms'): Message {
  return {
    to,
    channel: 'sms',
    template: purpose,
    subject: 'Meridian phone confirmation code',
    body: `${code} is your Meridian code to confirm this phone number. It expires in ${minutes} minutes.`,
  };
}

export function confirmPhoneChangeEmail(to: string, code: string, newPhone: string): Message {
  return {
    to,
    channel: 'email',
    template: 'update_phone_email',
    subject: `${code} is your Meridian code to change your phone number`,
    body: `Your Meridian code to change your phone number to ${newPhone} is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask to change your phone number, do not share this code and change your password.`,
  };
}

/** The code that confirms adding a passkey or removing all of them, by e-mail or SMS. */
export function biometricCodeMessage(
  to: string,
  channel: 'email' | 'sms',
  purpose: 'biometric_enable' | 'biometric_disable',
  code: string,
): Message {
  const action = purpose === 'biometric_enable' ? 'add a passkey to' : 'remove every passkey from';
  const warning = `If this was not you, do not share the code and change your password.`;
  return {
    to,
    channel,
    template: purpose,
    subject: `${code} is your Meridian confirmation code`,
    body:
      channel === 'sms'
        ? `Meridian: ${code} confirms the request to ${action} your account. Valid ${minutes} min. ${warning}`
        : `Your Meridian confirmation code is ${code}. It confirms the request to ${action} your account and expires in ${minutes} minutes.\n\n${warning}`,
  };
}
