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

/** The code that confirms adding a passkey or removing all of them, by e-mail or SMS. */
export function biometricCodeMessage(to: string, channel: 'email' | 'sms', purpose: 'biometric_enable' | 'biometric_disable', code: string): Message {
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
