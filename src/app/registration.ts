import { createActor, type Actor, type InspectionEvent, type Observer, type SnapshotFrom } from 'xstate';
import {
  STEP_STATES,
  type registrationMachine,
  type RegistrationStep,
  type SavedRegistration,
} from '../../machines/registration/registration.machine';
import { registrationStep } from '../../machines/registration/registration.view';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';
import { ACCOUNT_STEPS, forgetAccountRegistration } from './registrationStorage';

type RegistrationMachine = typeof registrationMachine;
export type RegistrationActor = Actor<RegistrationMachine>;

const RESUMABLE: ReadonlySet<string> = new Set(Object.keys(STEP_STATES));

interface StoredRegistration extends SavedRegistration {
  /** When it was written (ms): the resend countdown goes on while the page reloads. */
  savedAt: number;
}

function readSaved(): SavedRegistration | null {
  try {
    const raw = safeStorage('session')?.getItem(STORAGE_KEYS.registration);
    if (!raw) return null;
    const { savedAt, ...saved } = JSON.parse(raw) as StoredRegistration;
    if (!RESUMABLE.has(saved.step)) return null;
    const elapsed = Math.max(0, Math.floor((Date.now() - savedAt) / 1000));
    return { ...saved, resendInSeconds: Math.max(0, saved.resendInSeconds - elapsed) };
  } catch {
    // Unreadable (edited by hand, an older shape): start afresh rather than fail.
    return null;
  }
}

function save(snapshot: SnapshotFrom<RegistrationMachine>): void {
  const storage = safeStorage('session');
  if (snapshot.status === 'done') {
    storage?.removeItem(STORAGE_KEYS.registration);
    return;
  }
  if (snapshot.status !== 'active') return;
  const step = registrationStep(snapshot);
  if (!step) return;
  const { email, country, acceptTerms, promoCode, promoRedeemed, resendInSeconds } = snapshot.context;
  const stored: StoredRegistration = {
    step,
    email,
    country,
    acceptTerms,
    promoCode,
    promoRedeemed,
    resendInSeconds,
    savedAt: Date.now(),
  };
  storage?.setItem(STORAGE_KEYS.registration, JSON.stringify(stored));
}

/**
 * Keeps one registration actor across the wizard's pages (each is a route of its own, so no screen
 * outlives a step). The actor is created on the first step opened, from what this tab saved (a reload
 * resumes there), and saves its progress after every change — never the password. The password lives
 * only here, in memory, so Back and Forward keep it while a reload asks for it again.
 */
export function createRegistrationHost(
  machine: RegistrationMachine,
  { signedIn, inspect }: { signedIn: () => boolean; inspect?: Observer<InspectionEvent> },
) {
  let actor: RegistrationActor | null = null;
  let started = false;
  let password = '';

  /**
   * The running wizard, or a new one (not started yet: screens start it after rendering). Without saved
   * progress a new one starts at the first step — except for a signed-in customer opening a step of an
   * existing account (a new tab, a link in the verification e-mail): that step is the right one.
   */
  function current(opened: RegistrationStep): RegistrationActor {
    if (actor && actor.getSnapshot().status !== 'done') return actor;
    password = '';
    started = false;
    const stored = readSaved();
    // Steps of an account need that account's session; without one they are stale (signed out since).
    const saved =
      (stored && (signedIn() || !ACCOUNT_STEPS.has(stored.step)) ? stored : null) ??
      (signedIn() && ACCOUNT_STEPS.has(opened)
        ? { step: opened, email: '', country: '', acceptTerms: true, promoCode: '', promoRedeemed: null, resendInSeconds: 0 }
        : null);
    const created = createActor(machine, { input: { saved }, inspect });
    created.subscribe((snapshot) => {
      save(snapshot);
      // Registered: the password is not needed any more.
      const step = registrationStep(snapshot);
      if (step !== undefined && step !== 'method' && step !== 'details') password = '';
    });
    actor = created;
    return created;
  }

  /**
   * A step's page is showing. The first page starts the wizard, which then shows its own step (the
   * saved one, or the first); later pages — Back, Forward, a link — tell the running wizard.
   */
  function open(step: RegistrationStep): void {
    const running = current(step);
    if (started) {
      running.send({ type: 'PAGE_OPENED', step });
      return;
    }
    started = true;
    running.start();
  }

  /** Signed out: a wizard past account creation belonged to that session, so it ends here. */
  function signedOut(): void {
    if (!forgetAccountRegistration(actor ? registrationStep(actor.getSnapshot()) : readSaved()?.step)) return;
    actor?.stop();
    actor = null;
    password = '';
  }

  return {
    current,
    open,
    signedOut,
    password: {
      get: () => password,
      set: (value: string) => {
        password = value;
      },
    },
  };
}

export type RegistrationHost = ReturnType<typeof createRegistrationHost>;
