import { z } from 'zod/mini';

/**
 * The one error shape every API answer uses (see docs/api.md for the codes). zod/mini: the app checks
 * every error answer with it (a proxy may answer anything), and the full zod stays out of its bundle.
 */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    /**
     * A refused quote's replacement (`quote_expired`, `quote_used` from `POST /transfers`): a fresh quote
     * for the same accounts and amount, the answer of `POST /transfers/quotes`. Loose here so the app's
     * error check stays small; the app reads it with the endpoint's `errorData` (`quoteRefusalSchema`).
     */
    quote: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * Every `error.code` the server sends, with its HTTP status. Codes are stable: clients branch and
 * translate on them, never on `message` (English, for developers and logs).
 *
 * 401 is reserved for "no valid session" because the client turns every 401 into a sign-out; a wrong
 * password or a wrong code is a 400 so the form can say so and keep what was typed.
 */
export const API_ERRORS = {
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  invalid_credentials: { status: 400, description: 'Unknown e-mail or wrong password (deliberately not told apart).' },
  code_invalid: { status: 400, description: 'The code is wrong, or no code is pending for this account.' },
  code_expired: { status: 400, description: 'The code is older than 10 minutes; request a new one.' },
  code_attempts_exceeded: { status: 400, description: 'Five wrong tries used the code up; request a new one.' },
  social_cancelled: { status: 400, description: 'The customer cancelled the sign-in at Google or Apple.' },
  social_state_invalid: {
    status: 400,
    description: "The callback's `state` is unknown or was already used (a replayed or forged answer).",
  },
  social_state_expired: { status: 400, description: 'The sign-in started more than 10 minutes ago; start again.' },
  social_token_invalid: {
    status: 400,
    description: "The provider's ID token failed verification (signature, issuer, audience, nonce or expiry).",
  },
  social_email_missing: { status: 400, description: 'The provider did not share an e-mail address.' },
  social_browser_mismatch: {
    status: 400,
    description:
      'The sign-in was finished in another browser than the one that started it (its binding cookie is missing or different); start again here.',
  },
  challenge_invalid: {
    status: 400,
    description: 'The two-factor challenge token is unknown or was already used; sign in again.',
  },
  challenge_expired: { status: 400, description: 'The two-factor challenge is older than 10 minutes; sign in again.' },
  code_token_invalid: {
    status: 400,
    description:
      'The `code_token` is unknown, already used, expired (10 minutes) or belongs to another request; start again with a new request.',
  },
  code_required: {
    status: 400,
    description: 'This confirmation needs the 6-digit code as well (the request was made without a live step-up grant).',
  },
  step_up_not_started: {
    status: 400,
    description:
      'No step-up for this action was asked for in this session within the last 5 minutes, or its proof was already given; ask for options or a code again.',
  },
  current_password_invalid: { status: 400, description: 'The current password is wrong.' },
  passkey_verification_failed: {
    status: 400,
    description: 'The passkey answer did not verify (challenge, origin, relying party, signature or user verification).',
  },
  passkey_challenge_invalid: {
    status: 400,
    description: 'The passkey sign-in challenge is unknown, already used or older than 5 minutes; ask for new options.',
  },
  passkey_unknown: {
    status: 400,
    description: 'No account has this passkey (it was removed); the browser may offer to forget it.',
  },
  unauthorized: {
    status: 401,
    description: 'The bearer access token is missing, malformed, expired, or its session was revoked.',
  },
  refresh_token_invalid: {
    status: 401,
    description: 'The refresh token is missing, unknown, expired, or its session was revoked.',
  },
  refresh_token_reused: {
    status: 401,
    description: 'A refresh token that had already been rotated was presented again; the whole session was revoked.',
  },
  session_idle: {
    status: 401,
    description:
      'No customer activity for longer than the idle limit (15 minutes unless configured): the session is over, refresh included.',
  },
  session_expired: {
    status: 401,
    description: 'The session reached its absolute lifetime (30 days unless configured); sign in again.',
  },
  session_wrong_codes: {
    status: 401,
    description:
      'Ten wrong step-up codes were typed for this customer within 24 hours: the session that typed this one is over (refresh included), and the customer was told by e-mail. Sign in again.',
  },
  not_found: { status: 404, description: 'No such endpoint.' },
  recovery_not_found: {
    status: 404,
    description: 'No phone recovery in progress has this cancel token (it was used, the recovery ended, or the link is wrong).',
  },
  deposit_link_not_found: { status: 404, description: 'No deposit request has this link (it is wrong or incomplete).' },
  deposit_link_payment_taken: {
    status: 409,
    description: 'This transaction is already reported as paying another deposit request.',
  },
  deposit_link_payments_limit: {
    status: 422,
    description: 'This deposit request already has the most payments that can be reported for it (10).',
  },
  session_not_found: { status: 404, description: 'No live session of this customer has this id.' },
  promo_unknown: { status: 404, description: 'No active promo code has this name.' },
  refresh_conflict: {
    status: 409,
    description:
      'The refresh token was rotated by a concurrent request moments ago (another tab). Read the cookies again and carry on with the new tokens; the session is intact.',
  },
  passkey_already_registered: { status: 409, description: 'This passkey is already registered.' },
  passkey_not_found: { status: 404, description: 'The customer has no passkey with this id.' },
  account_not_found: {
    status: 404,
    description:
      'The customer has no such account: none with this id, or none to take the money from (a fiat account in the card account’s currency, or a crypto account of the asset).',
  },
  recovery_has_passkey: {
    status: 409,
    description: 'The account has a passkey: sign in with it and change the phone under Profile › Security instead.',
  },
  email_taken: { status: 409, description: 'An account with this e-mail already exists.' },
  social_account_exists: {
    status: 409,
    description:
      'An account has this e-mail, but the link cannot be made safely: the provider or Meridian has not verified the address. Sign in with the password.',
  },
  cross_origin_refused: {
    status: 403,
    description: "A session endpoint called from another site: it takes only JSON whose `Origin` is the app's own.",
  },
  email_unverified: {
    status: 403,
    description:
      'The e-mail address is not verified yet: passkeys, a phone, SMS, card accounts and moving money wait until it is (POST /auth/verify-email).',
  },
  phone_required: {
    status: 403,
    description:
      'This needs a confirmed phone first (POST /users/set-phone, then POST /users/confirm-phone): withdrawals and their address book.',
  },
  kyc_required: {
    status: 403,
    description: 'This needs an approved identity check (KYC) first: withdrawals and their address book.',
  },
  step_up_required: {
    status: 403,
    description:
      'This action needs a fresh step-up: a passkey or a code given for this very action in this session within the last 5 minutes (a sign-in is not one). `fields.action` names the action to step up for.',
  },
  session_is_current: { status: 409, description: 'That is the session making the request; sign out with /auth/logout.' },
  email_already_verified: { status: 409, description: 'The e-mail address is already verified.' },
  promo_already_redeemed: { status: 409, description: 'This account has already redeemed this promo code.' },
  phone_already_set: { status: 409, description: 'A confirmed phone exists; change it with POST /users/update-phone.' },
  phone_not_set: { status: 409, description: 'No confirmed phone to change; set one with POST /users/set-phone.' },
  phone_unchanged: { status: 409, description: 'The new number is the confirmed one.' },
  no_pending_phone: { status: 409, description: 'No phone number is waiting for a code.' },
  insufficient_funds: { status: 409, description: 'The account holds less than the amount; nothing was moved.' },
  card_account_not_found: { status: 404, description: 'The customer has no card account with this id.' },
  card_not_found: { status: 404, description: 'The customer has no card with this id.' },
  card_frozen: { status: 409, description: 'The card is frozen: it authorizes nothing until it is unfrozen.' },
  card_not_active: {
    status: 409,
    description: 'The card is not active yet (a physical card is ordered or shipped; activate it once it arrives).',
  },
  card_not_shipped: { status: 409, description: 'Only a shipped physical card can be activated (or shipped, once).' },
  card_channel_disabled: { status: 409, description: 'The card’s switch for this channel (online or contactless) is off.' },
  card_limit_exceeded: {
    status: 409,
    description: 'The payment would pass the card’s daily or monthly limit; `fields.period` says which (`day` or `month`).',
  },
  cards_limit_reached: { status: 409, description: 'The card account already has the most cards it may have (5).' },
  credit_insufficient: { status: 409, description: 'The card account’s available credit is less than the amount; nothing was moved.' },
  ltv_too_high: {
    status: 409,
    description:
      'Withdrawing this much collateral would leave more owed than the credit limit (50 % of the collateral’s value); `fields.ltv` is the loan-to-value it would have reached.',
  },
  pay_link_not_found: { status: 404, description: 'No payment request has this link.' },
  pay_link_paid: { status: 409, description: 'The payment request was paid already (single use); nothing was moved.' },
  pay_link_expired: { status: 409, description: 'The payment request has expired; nothing was moved.' },
  pay_link_cancelled: { status: 409, description: 'The requester cancelled the payment request; nothing was moved.' },
  pay_link_own: { status: 409, description: 'This is your own payment request: it is paid by someone else.' },
  send_to_self: { status: 422, description: 'This address is the customer’s own: money is sent to someone else.' },
  recipient_not_customer: {
    status: 422,
    description: 'No customer has this address: money can be sent to it (an invitation), not asked from it.',
  },
  money_request_not_found: { status: 404, description: 'No money request of this customer’s (to pay, or asked by them) has this id.' },
  money_request_paid: { status: 409, description: 'The money request was paid already; nothing was moved.' },
  money_request_declined: { status: 409, description: 'The payer declined the money request; nothing was moved.' },
  money_request_cancelled: { status: 409, description: 'The requester cancelled the money request; nothing was moved.' },
  reminder_too_soon: {
    status: 409,
    description: 'The payer was reminded of this request less than a day ago; `fields.next` says when the next reminder may go.',
  },
  price_alert_not_found: { status: 404, description: 'No price alert of this customer’s has this id.' },
  price_alerts_full: { status: 409, description: 'The customer has the most price alerts allowed; remove one first.' },
  recurring_buy_not_found: { status: 404, description: 'No recurring buy of this customer’s has this id.' },
  recurring_buys_full: { status: 409, description: 'The customer has the most recurring buys allowed; cancel one first.' },
  recurring_buy_cancelled: { status: 409, description: 'The recurring buy was cancelled; it can no longer be paused or resumed.' },
  repayment_exceeds_debt: { status: 409, description: 'The repayment is more than the card account owes.' },
  card_limits_invalid: { status: 422, description: 'The daily limit is above the monthly one, or a limit is above 50 000.' },
  limit_exceeded: {
    status: 409,
    description:
      "The movement would pass what is left of the level's limit for the operation (in US dollars); `fields.operation`, `fields.period` (`day` or `month`) and `fields.left` say which and how much is left; nothing was moved.",
  },
  voucher_unknown: { status: 400, description: 'No voucher has this code (a well-formed code that was never issued).' },
  voucher_used: { status: 409, description: 'This voucher code was already redeemed; a code credits once.' },
  voucher_expired: { status: 410, description: 'This voucher code is past its expiry date.' },
  voucher_expiry_invalid: { status: 422, description: 'The expiry is not in the future, or more than a year away.' },
  held_transfer_not_found: { status: 404, description: 'No incoming transfer has this id.' },
  transfer_already_reviewed: { status: 409, description: 'This transfer is no longer held: another review assigned or returned it.' },
  customer_not_found: { status: 404, description: 'No customer has this e-mail address.' },
  rate_stale: {
    status: 503,
    description: 'The rate needed for this quote is older than 5 minutes (the price feed is behind); try again shortly.',
  },
  activity_not_found: {
    status: 404,
    description: 'The customer has no activity with this id: none, or another customer’s (alike).',
  },
  quote_not_found: {
    status: 404,
    description:
      'The customer has no quote with this id (made up, or another customer’s). No fresh quote comes with it: its figures would tell another customer’s accounts and amount; ask for one.',
  },
  quote_expired: {
    status: 409,
    description:
      'The quote is older than its 30 seconds (by the server’s clock); nothing was moved. `quote` is a fresh one for the same accounts and amount (absent when none can be made: ask for one).',
  },
  quote_used: {
    status: 409,
    description:
      'The quote already moved money once; nothing was moved again. `quote` is a fresh one for the same accounts and amount (absent when none can be made: ask for one).',
  },
  transfer_pair_invalid: {
    status: 422,
    description: 'A transfer goes from one of the customer’s fiat accounts to a crypto one or the reverse.',
  },
  quote_not_needed: {
    status: 422,
    description: 'The account is in the payment request’s own asset: it is paid as it is, without a quote.',
  },
  amount_too_small: {
    status: 422,
    description: 'After the fee (at least 1 US dollar) nothing, or less than the smallest unit of the asset, would arrive.',
  },
  name_locked: {
    status: 409,
    description: 'The name is the one the identity check verified (under review or approved): it cannot change.',
  },
  kyc_not_editable: {
    status: 409,
    description: 'The identity check is submitted or decided: only a step the reviewer asked for again may change.',
  },
  kyc_document_type_missing: { status: 409, description: 'Choose the document type and country before uploading its sides.' },
  kyc_side_invalid: { status: 422, description: 'The side is not `front` or `back`, or the document type has no back.' },
  kyc_file_type_refused: {
    status: 415,
    description: 'The file is not a JPEG, PNG or PDF by its content (whatever its name says), or is a PDF that a PDF parser cannot read.',
  },
  kyc_file_unsafe: {
    status: 422,
    description:
      'The PDF carries JavaScript, a launch action, an embedded file or a form (read by a PDF parser, whatever the encoding), or cannot be checked within the server’s limits.',
  },
  kyc_file_not_found: { status: 404, description: 'No file with this id is yours (or, for admins, exists).' },
  kyc_steps_incomplete: { status: 409, description: 'A step is still open; `fields` names each one.' },
  kyc_identity_missing: {
    status: 409,
    description: 'The check has no legal name or date of birth to approve: ask for the document step again.',
  },
  date_of_birth_refused: {
    status: 422,
    description: 'The date of birth makes the customer younger than 18 or older than 120; `fields.dateOfBirth` says which.',
  },
  kyc_not_pending: { status: 409, description: 'This identity check is not waiting for a decision.' },
  kyc_own_decision: { status: 403, description: 'An admin cannot decide their own identity check; another admin must.' },
  signature_too_short: { status: 422, description: 'A signature needs at least 2 strokes.' },
  terms_version_outdated: { status: 409, description: 'The terms changed: read and sign the current version.' },
  terms_not_accepted: {
    status: 403,
    description:
      'The terms changed since the customer accepted them: money stays put until the current version is accepted (POST /users/accept-terms), then the same request (same Idempotency-Key) can be sent again.',
  },
  country_sanctioned: {
    status: 422,
    description:
      'The country of residence is under comprehensive sanctions (the server’s list): Meridian cannot serve it. `fields` names the field (`country`, `taxResidence`).',
  },
  payload_too_large: {
    status: 413,
    description: 'The body is larger than 64 KiB (an upload: its file is larger than the endpoint allows).',
  },
  unsupported_media_type: { status: 415, description: 'A body was sent with a content type other than application/json.' },
  not_ready: { status: 503, description: 'The database does not answer; this instance should not take traffic yet.' },
  validation_failed: {
    status: 422,
    description: 'The body or query does not match the schema; `fields` names each bad field (`body` for the whole body).',
  },
  amount_invalid: { status: 422, description: 'The amount is not a positive decimal string (at most 20 integer digits).' },
  amount_too_precise: {
    status: 422,
    description: 'The amount has more decimals than its asset keeps (fiat 2, BTC 8, USDT and USDC 6, ETH, BNB and AVAX 18).',
  },
  cursor_invalid: { status: 422, description: 'The `cursor` is not one this server handed out; start again from the first page.' },
  address_invalid: {
    status: 422,
    description:
      'The address is not an address of this network (an EVM address is 0x and 40 hexadecimal digits; a Bitcoin address is P2PKH, P2SH or bech32/bech32m with a valid checksum).',
  },
  address_checksum_invalid: {
    status: 422,
    description: 'The address mixes upper and lower case but its EIP-55 checksum is wrong: a mistyped character. Copy it again.',
  },
  address_wrong_network: {
    status: 422,
    description:
      'A valid Bitcoin address of another network than the server’s (a testnet address in production, a mainnet one in demo mode).',
  },
  address_exists: { status: 409, description: 'This address is already in the customer’s book for this network.' },
  address_not_found: { status: 404, description: 'The customer has no saved address with this id (made up, or another customer’s).' },
  address_cooling_off: {
    status: 409,
    description: 'The address was added recently: withdrawals to it open at the end of its cooling-off period (`fields.usableAt`).',
  },
  withdrawal_not_found: { status: 404, description: 'The customer has no withdrawal with this id.' },
  withdrawal_settled: { status: 409, description: 'The withdrawal is already confirmed or failed: nothing more can happen to it.' },
  withdrawals_unavailable: {
    status: 503,
    description: 'No hot wallet is configured for this chain (HOT_WALLET_KEY), or its node does not answer: withdrawals are off.',
  },
  network_not_supported: { status: 422, description: 'The account’s asset is not received over this network.' },
  iban_invalid: {
    status: 422,
    description: 'Not an IBAN: a wrong length or format for its country, or check digits that do not match (a mistyped character).',
  },
  iban_not_sepa: { status: 422, description: 'A valid IBAN of a country outside SEPA: payouts go by SEPA credit transfer only.' },
  bic_invalid: { status: 422, description: 'The BIC is not 8 or 11 characters of a bank code, a country and a location (and branch).' },
  bic_required: {
    status: 422,
    description:
      'The IBAN is of a SEPA country outside the European Economic Area (Switzerland, the United Kingdom…): its bank’s BIC is needed too.',
  },
  beneficiary_exists: { status: 409, description: 'This bank account is already in the customer’s beneficiaries.' },
  beneficiary_not_found: {
    status: 404,
    description: 'The customer has no beneficiary with this id (made up, or another customer’s).',
  },
  beneficiary_cooling_off: {
    status: 409,
    description: 'The beneficiary was added recently: payouts to it open at the end of its cooling-off period (`fields.usableAt`).',
  },
  payout_not_found: { status: 404, description: 'The customer has no payout with this id.' },
  payout_returned: { status: 409, description: 'The payout was already returned: its amount came back once and cannot again.' },
  deposits_unavailable: {
    status: 503,
    description: 'No deposit key is configured (DEPOSIT_XPUB_*): on-chain deposits are off on this server.',
  },
  phone_invalid: { status: 422, description: 'The number does not exist in its country’s numbering plan.' },
  password_too_weak: {
    status: 422,
    description:
      'The new password meets the length, letter and digit rule but is too easy to guess (a zxcvbn score under 3 with the common-password list and the e-mail address); `fields.password` says so.',
  },
  promo_expired: { status: 422, description: 'The promo code exists but is no longer valid.' },
  idempotency_key_reused: {
    status: 422,
    description: 'The Idempotency-Key was already used for a different request by this account.',
  },
  idempotency_key_required: {
    status: 422,
    description: 'This money endpoint needs an `Idempotency-Key` header (1–255 visible ASCII characters).',
  },
  push_endpoint_refused: {
    status: 409,
    description:
      'The push endpoint belongs to another customer’s device, or is not one a push service would give (production takes only the browsers’ known push services, over https).',
  },
  push_unavailable: { status: 503, description: 'Standard Web Push is not configured on this server (`PUSH_MODE`).' },
  rate_limited: { status: 429, description: 'Too many attempts; the `Retry-After` header says how many seconds to wait.' },
  social_provider_error: {
    status: 502,
    description: 'Google or Apple answered with an error or could not be reached (discovery, code exchange).',
  },
  social_provider_unavailable: { status: 503, description: 'Sign-in with this provider is not configured on this server.' },
  temporarily_unavailable: {
    status: 503,
    description:
      'The database is busy (a statement, lock or connection wait timed out) or out of reach for a moment; try again after the `Retry-After` seconds, a money request with the same `Idempotency-Key`.',
  },
  internal_error: { status: 500, description: 'An unexpected failure; nothing was committed.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;
