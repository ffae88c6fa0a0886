/** Keys the app keeps in the browser's storage, in one place. */
export const STORAGE_KEYS = {
  selectedCardAccount: 'selected_card_account',
  refCode: 'ref_code',
  utmSent: 'utm_tracking_sent',
  chunkReloadedAt: 'chunk_reload_at',
  /** The pending phone two-factor challenge between /login and /2fa/phone (session storage; never the password). */
  twoFactorChallenge: 'two_factor_challenge',
  /** Set by a password sign-in; the home page then offers a passkey once. */
  passkeyOfferAfterLogin: 'passkey_offer_after_login',
  passkeyOfferDismissed: 'passkey_offer_dismissed',
  /** Session storage: the sign-up wizard's step and non-secret input, so a reload resumes it. */
  registration: 'registration_progress',
  /** Local storage, '1' while the customer hides balances on this device. */
  hideBalances: 'hide_balances',
  /**
   * Local storage: the balances of the last fetch and when it was, shown marked as old on a visit that cannot
   * fetch them (offline); removed at sign-out and on any 401.
   */
  savedBalances: 'saved_balances',
  /** Local storage, '1' while a wallet was left connected: the next page load starts the wallet at once. */
  walletConnected: 'wallet_connected',
  /**
   * Session storage, `idempotency_key:<flow>` (transfer, withdrawal, payment): the Idempotency-Key of the
   * money POST being sent and the quote (intent) it belongs to, so a reload sends it again with the same
   * key; removed once it went through.
   */
  idempotencyKey: 'idempotency_key',
} as const;

/** Storage can throw (Safari private mode, quota, disabled cookies): the app must go on without it. */
export function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
