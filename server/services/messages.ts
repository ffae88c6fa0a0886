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
