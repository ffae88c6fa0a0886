/*
 * Modal passkey ceremonies in progress, for the "Biometric Authentication" sheet the shell always
 * renders: it shows while the count is above zero. The silent conditional (autofill) request does not
 * count — nothing is on screen then. Apart from passkeys.ts so that the shell (in the entry) does not
 * carry the WebAuthn library, which loads with the flows that run a ceremony.
 */
const listeners = new Set<() => void>();
let modalCeremonies = 0;

export const ceremonyActivity = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  active: (): boolean => modalCeremonies > 0,
};

/** Runs a modal ceremony, counted for the sheet while it lasts. */
export async function whileShown<T>(run: () => Promise<T>): Promise<T> {
  modalCeremonies += 1;
  listeners.forEach((listener) => listener());
  try {
    return await run();
  } finally {
    modalCeremonies -= 1;
    listeners.forEach((listener) => listener());
  }
}
