import type { RegistrationStep } from '../../machines/registration/registration.machine';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';

/** Steps of an account that exists: a signed-in customer may open them without the earlier ones. */
export const ACCOUNT_STEPS: ReadonlySet<string> = new Set<RegistrationStep>(['promoCode', 'verifyEmail', 'biometric']);

function savedStep(): string | undefined {
  try {
    const raw = safeStorage('session')?.getItem(STORAGE_KEYS.registration);
    return raw ? (JSON.parse(raw) as { step?: string }).step : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signed out: a sign-up wizard past account creation belonged to that session, so its saved progress
 * goes. Answers whether it was such a wizard. Free of the registration machine, so the app can call it
 * before the register screens (and their machine) ever loaded.
 */
export function forgetAccountRegistration(step: string | undefined = savedStep()): boolean {
  if (!step || !ACCOUNT_STEPS.has(step)) return false;
  safeStorage('session')?.removeItem(STORAGE_KEYS.registration);
  return true;
}
