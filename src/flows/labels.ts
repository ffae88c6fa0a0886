import type { FlowInvoke, FlowState, FlowTransition } from './describe';

/**
 * Plain words for the diagrams: what each event, guard, timer and invoked actor of the catalogued
 * machines means, so a reviewer reads an edge without knowing the code. One table for all machines:
 * the shared parts (step-up, resend cooldown, polling) use the same names everywhere and read the same.
 * tests/flows-labels.test.ts fails when a catalogued machine uses a name missing here. Diagrams are
 * reviewers' English, like the machines' descriptions: these are not translated.
 */
type Labels = Readonly<Record<string, string>>;

/** Events, as what happened: “code submitted”. */
export const EVENT_LABELS: Labels = {
  APP_HYDRATED: 'app loaded',
  WALLET_ROUTE_OPENED: 'wallet route opened',
  WENT_OFFLINE: 'went offline',
  CHUNK_LOAD_FAILED: 'a screen failed to load',
  WENT_ONLINE: 'went online',
  COOKIES_CHANGED: 'cookies changed',
  UNAUTHORIZED: 'an API call answered 401',
  LOG_OUT_REQUESTED: 'log out asked',
  IDLE_TIMED_OUT: 'idle timed out',
  SIGNED_IN: 'signed in',
  SIGNED_OUT: 'signed out',
  ACTIVITY: 'customer activity',
  STAY_SIGNED_IN_CHOSEN: 'stay signed in chosen',
  SIGN_OUT_CHOSEN: 'sign out chosen',
  HIDE_BALANCES_TOGGLED: 'hide balances toggled',
  BALANCES_REFRESH: 'balances refresh asked',
  CREDENTIALS_SUBMITTED: 'credentials submitted',
  RETRY_REQUESTED: 'retry requested',
  CODE_SUBMITTED: 'code submitted',
  RESEND_REQUESTED: 'resend requested',
  RECOVERY_REQUESTED: 'recovery asked',
  PROOF_SUBMITTED: 'proof submitted',
  CANCEL_CONFIRMED: 'cancel confirmed',
  RETRY: 'retry pressed',
  EDIT_STARTED: 'edit started',
  REMOVE_REQUESTED: 'remove requested',
  REMOVE_CONFIRMED: 'remove confirmed',
  CANCELLED: 'cancelled',
  NUMBER_SUBMITTED: 'number submitted',
  CHANNEL_CHOSEN: 'channel chosen',
  FREEZE_TOGGLED: 'freeze toggled',
  CONTROLS_SUBMITTED: 'controls submitted',
  REVEAL_REQUESTED: 'reveal requested',
  HIDE_REQUESTED: 'hide requested',
  REQUEST_SUBMITTED: 'request submitted',
  CANCEL_REQUESTED: 'cancel requested',
  NEW_REQUESTED: 'new one requested',
  CONNECTION_LOST: 'connection lost',
  CONNECTION_BACK: 'connection back',
  ACCOUNT_CHOSEN: 'account chosen',
  PAY_CONFIRMED: 'payment confirmed',
  STATUS_CHANGED: 'status changed',
  STREAM_ENDED: 'stream ended',
  BALANCE_CHANGED: 'balance changed',
  LIMIT_CHANGED: 'limit read again',
  NETWORK_CHOSEN: 'network chosen',
  ADDRESS_CHOSEN: 'address chosen',
  AMOUNT_CHANGED: 'amount changed',
  ADD_ADDRESS_STARTED: 'add address started',
  QUOTE_REQUESTED: 'quote requested',
  ADDRESS_SUBMITTED: 'address submitted',
  ADD_ADDRESS_CANCELLED: 'add address cancelled',
  BENEFICIARY_CHOSEN: 'bank account chosen',
  ADD_BENEFICIARY_STARTED: 'add bank account started',
  BENEFICIARY_SUBMITTED: 'bank account submitted',
  ADD_BENEFICIARY_CANCELLED: 'add bank account cancelled',
  IBAN_TYPED: 'IBAN typed',
  RENAME_STARTED: 'rename started',
  RENAME_SUBMITTED: 'new name submitted',
  RENAME_CANCELLED: 'rename cancelled',
  CONFIRMED: 'confirmed',
  EDIT_REQUESTED: 'edit requested',
  DIRECTION_CHOSEN: 'direction chosen',
  ASSET_CHOSEN: 'asset chosen',
  SUBMITTED: 'submitted',
  FROM_CHOSEN: 'source account chosen',
  TO_CHOSEN: 'recipient chosen',
  REVIEW_REQUESTED: 'review requested',
  REVIEW_CANCELLED: 'review cancelled',
  NETWORK_CHANGE_REQUESTED: 'network change requested',
  AMOUNT_SUBMITTED: 'amount submitted',
  NEW_LINK_REQUESTED: 'new link requested',
  PASSKEY_CHOSEN: 'passkey chosen',
  CODE_CHOSEN: 'code chosen',
  OPENED: 'opened',
  PASSWORDS_SUBMITTED: 'passwords submitted',
  ENABLE_REQUESTED: 'enable requested',
  DISABLE_ALL_REQUESTED: 'disable all requested',
  EMAIL_CHOSEN: 'e-mail chosen',
  PAGE_OPENED: 'page opened',
  DETAILS_TYPED: 'details typed',
  DETAILS_SUBMITTED: 'details submitted',
  PROMO_TYPED: 'promo typed',
  PROMO_SUBMITTED: 'promo submitted',
  PROMO_SKIPPED: 'promo skipped',
  PASSKEY_REQUESTED: 'passkey requested',
  PASSKEY_SKIPPED: 'passkey skipped',
  EMAIL_SUBMITTED: 'e-mail submitted',
  CHANGE_EMAIL: 'change e-mail chosen',
  PASSWORD_SUBMITTED: 'password submitted',
  CHANGE_CODE: 'change code chosen',
  NAVIGATED: 'navigated',
  PATH_LOCALE_CHANGED: 'language in the address changed',
  LANGUAGE_CHOSEN: 'language chosen',
  NAVIGATION_REQUESTED: 'navigation requested',
  SHARE_REQUESTED: 'share requested',
  COPY_REQUESTED: 'copy requested',
  NEXT: 'next pressed',
  PREVIOUS: 'previous pressed',
  SLIDE_CHOSEN: 'slide chosen',
  SKIPPED: 'skipped',
  RETRIED: 'retried',
  ENABLE_PRESSED: 'enable pressed',
  CONTINUED: 'continued',
  CHAT_REQUESTED: 'chat requested',
  ANSWERED: 'answered',
  STROKE_DRAWN: 'stroke drawn',
  UNDONE: 'stroke undone',
  CLEARED: 'signature cleared',
  SIGN_AGAIN: 'sign again chosen',
  DOCUMENT_CHOSEN: 'document chosen',
  CHANGE_REQUESTED: 'change requested',
  CAMERA_CHOSEN: 'camera chosen',
  FILE_PICKED: 'file picked',
  PHOTO_TAKEN: 'photo taken',
  CAMERA_CLOSED: 'camera closed',
  RETAKE: 'retake chosen',
  CODE_CHANGED: 'code changed',
  ANOTHER_CODE: 'another code chosen',
  CONNECT_REQUESTED: 'connect requested',
  ACCOUNTS_CHANGED: 'accounts changed',
  CHAIN_CHANGED: 'chain changed',
  WALLET_DISCONNECTED: 'wallet disconnected',
  CONNECT_URI: 'the wallet app offered a pairing link',
  TERMS_REQUIRED: 'a money action needs the new terms',
  ACCEPTED: 'terms accepted',
  DECLINED: 'not now',
  DISCONNECT_REQUESTED: 'disconnect requested',
  SWITCH_CHAIN_REQUESTED: 'switch chain requested',
  SEND_REQUESTED: 'send requested',
  EDITED: 'edited',
  RECIPIENT_CHANGED: 'recipient typed or chosen',
  NOTE_CHANGED: 'note typed',
  PAY_REQUESTED: 'pay pressed',
  ANSWER_REQUESTED: 'decline, cancel or remind pressed',
  KIND_CHOSEN: 'above, below or move chosen',
  VALUE_CHANGED: 'price or percent typed',
  REMOVE_CANCELLED: 'removal cancelled',
  SETUP_STARTED: 'new plan started',
  SETUP_CANCELLED: 'new plan left',
  FREQUENCY_CHOSEN: 'how often chosen',
  DAY_OF_WEEK_CHOSEN: 'weekday chosen',
  DAY_OF_MONTH_CHOSEN: 'day of the month chosen',
  PAUSE_REQUESTED: 'pause asked',
  RESUME_REQUESTED: 'resume asked',
  CANCEL_DISMISSED: 'kept it',
};

/** Guards, as the condition that holds: “the code is malformed”. */
export const GUARD_LABELS: Labels = {
  walletConnectedLastVisit: 'a wallet was connected last visit',
  startedOffline: 'started offline',
  holdsBothTokens: 'both tokens are held',
  holdsOnlyRefreshToken: 'only the refresh token is left',
  renewedBothTokens: 'both tokens were renewed',
  holdsNewerSession: 'another tab already signed in',
  opensSignedIn: 'opened signed in',
  hasOnlySavedFigures: 'only the figures kept on the device',
  hasMissingFields: 'fields are missing',
  needsSecondFactor: 'a second factor is needed',
  wasCancelled: 'cancelled at the provider',
  hasFailed: 'the provider failed',
  hasNoChallenge: 'no sign-in challenge',
  challengeHasExpired: 'the challenge expired',
  isMalformedCode: 'the code is malformed',
  challengeIsOver: 'the challenge is over',
  cooldownOver: 'the cooldown is over',
  codeIsNotBeingChecked: 'no code is being checked',
  isRateLimited: 'rate limited',
  accountHasPasskey: 'the account has a passkey',
  isIncompleteProof: 'the proof is incomplete',
  proofIsNotBeingChecked: 'no proof is being checked',
  hasNoUsableToken: 'the link has no usable token',
  linkIsSpent: 'the link is spent',
  hasPhone: 'a phone is set',
  stepUpGranted: 'the step-up is granted',
  numberIsMissing: 'number is missing',
  numberIsInvalid: 'number is invalid',
  numberIsUnchanged: 'number is unchanged',
  stepUpExpired: 'the step-up expired',
  isNumberProblem: 'the number was refused',
  canSwitchChannel: 'the channel may still change',
  isEmailCode: 'the code came by e-mail',
  noCodeBeingChecked: 'no code is being checked',
  amountInvalid: 'the amount is invalid',
  descriptionMissing: 'the reason is missing',
  isOwn: 'it is your own link',
  isOpen: 'the link is open',
  notFound: 'the link is not found',
  inLinkAsset: 'an account holds the link’s asset',
  accountChosen: 'an account is chosen',
  quoteCovers: 'the quote covers the amount',
  quoteRunOutOffline: 'the quote ran out while offline',
  online: 'online',
  quoteRunOut: 'the quote ran out',
  quoted: 'a quote is held',
  linkClosed: 'the link is closed',
  quoteOver: 'the quote has expired',
  stillOpen: 'the link is still open',
  readStillOpen: 'the status read says still open',
  sessionGone: 'the session is gone',
  typedOverBalance: 'the typed amount is over the balance',
  canQuote: 'a quote can be asked',
  overBalance: 'over the balance',
  draftRefused: 'the typed bank account is refused (holder, IBAN, BIC)',
  inBook: 'the bank account is in the book',
  labelRefused: 'the new name is refused (empty, too long, control characters)',
  settled: 'settled',
  notMoving: 'nothing is being moved',
  moveAllowed: 'the move is allowed',
  amountTyped: 'an amount is typed',
  notConfirming: 'not confirming',
  readyToQuote: 'ready for a quote',
  wasReviewing: 'was reviewing',
  canConfirm: 'can confirm',
  refusedWithFreshQuote: 'refused with a fresh quote',
  outcomeUnknown: 'the outcome is unknown',
  pendingSeen: 'the deposit is pending',
  followedCredited: 'the deposit was credited',
  followedDropped: 'the deposit left the chain',
  amountAcceptable: 'the amount is acceptable',
  atLeastMinimum: 'at least the minimum',
  positive: 'the amount is above zero',
  offersPasskey: 'a passkey is offered',
  hasPasskey: 'a passkey is available',
  currentMissing: 'the current password is missing',
  newIsWeak: 'the new password is weak',
  newIsSame: 'the new password is the same',
  stepUpNeeded: 'a step-up is needed',
  currentWrong: 'the current password is wrong',
  newRefused: 'the new password is refused',
  newTooEasy: 'the new password is too easy to guess',
  autofillWanted: 'autofill is wanted',
  codeRequired: 'a code is required',
  codeMayBeRetyped: 'the code may be typed again',
  resumesAt: 'a saved step to resume',
  opensStep: 'the page opens a step',
  opensOtherStep: 'the page opens another step',
  hasInvalidDetails: 'the details are invalid',
  hasNoPromoCode: 'no promo code',
  isAlreadyVerified: 'already verified',
  isMalformedEmail: 'the e-mail is malformed',
  isWeakPassword: 'the password is weak',
  isCodeFailure: 'the code was refused',
  ruleLeavesApp: 'a rule leaves the app',
  ruleRedirectsInApp: 'a rule redirects in the app',
  isWalletPath: 'a wallet page',
  isUnknownPath: 'an unknown page',
  isGuestPageWhileSignedIn: 'a guest page while signed in',
  isPaymentLinkWhileSignedOut: 'a payment link while signed out',
  isPrivatePageWhileSignedOut: 'a private page while signed out',
  hasInvalidParams: 'the page parameters are invalid',
  namesUnknownMiddleware: 'the page names an unknown check',
  hasMiddleware: 'the page has checks',
  isAdminToolOfACustomer: 'an admin tool opened by a customer',
  needsVerifiedEmail: 'a verified e-mail is needed',
  needsConfirmedPhone: 'a confirmed phone is needed',
  needsApprovedKyc: 'an approved KYC is needed',
  isOtherSupportedLocale: 'another supported language',
  isSignedIn: 'signed in',
  isNewBuild: 'a new build exists',
  reloadedWithinGuard: 'reloaded a moment ago',
  deviceCanShare: 'the device can share',
  shareCancelled: 'the share was cancelled',
  alreadySeen: 'already seen',
  notLastSlide: 'not the last slide',
  notFirstSlide: 'not the first slide',
  slideExists: 'the slide exists',
  unavailable: 'push is unavailable',
  blockedBefore: 'blocked before',
  allowedBefore: 'allowed before',
  granted: 'permission granted',
  denied: 'permission denied',
  configured: 'chat is configured',
  readyToSubmit: 'ready to submit',
  hasDraft: 'answers were being typed',
  answeredBefore: 'answered before',
  isEditable: 'still editable',
  isComplete: 'complete',
  mayEdit: 'may edit',
  isSigned: 'signed',
  hasEnoughStrokes: 'enough strokes drawn',
  mayChange: 'may change',
  hasDetails: 'details known',
  identityRefused: 'the identity was refused',
  sidesLeft: 'sides left to photograph',
  codeLooksRight: 'the code looks right',
  foundWallet: 'a wallet was found',
  noAccountsLeft: 'no accounts left',
  isConfiguredChain: 'a configured chain',
  isSendable: 'the transaction can be sent',
  refused: 'refused',
  chosenOverBalance: 'the chosen account holds less than the amount',
  incomplete: 'a field is missing',
  recipientInvalid: 'neither an e-mail address nor a phone number',
  overLimit: 'over what the sending limit leaves',
  typedOverLimit: 'the typed amount is over what the sending limit leaves',
  chosenOverLimit: 'from the chosen account, the amount is over what the sending limit leaves',
  stepUpAsked: 'the server asked for a step-up',
  draftInvalid: 'no address or no valid amount',
  figureInvalid: 'the price or percent is not a valid one',
  atAlertLimit: 'the customer has as many alerts as allowed',
  full: 'the most plans already',
  isActive: 'the plan is running',
  isPaused: 'the plan is paused',
  notCancelled: 'the plan is not cancelled',
};

/** Named delays, for timers whose duration is only known while the machine runs. */
export const DELAY_LABELS: Labels = {
  UNTIL_WARNING: 'the idle limit',
  WARNING: 'the warning time',
  BALANCE_POLL: 'the balance poll interval',
  CHALLENGE_LIFETIME: 'the challenge lifetime',
  RESEND_TICK: 'the resend countdown tick',
  REVEAL_VISIBLE: 'the reveal time',
  QUOTE_TICK: 'the quote clock tick',
  PAY_LINK_POLL: 'the payment link poll interval',
  WITHDRAWAL_POLL: 'the withdrawal poll interval',
  PAYOUT_POLL: 'the bank payout poll interval',
  PREVIEW_DEBOUNCE: 'the preview pause',
  QUOTE_DEBOUNCE: 'the quote pause',
  DRAFT_DEBOUNCE: 'the typing pause',
  DEPOSIT_POLL: 'the deposit poll interval',
  BUILD_CHECK_INTERVAL: 'the new build check interval',
  LOCKED_OUT: 'the server’s lock-out',
  FOLLOW_POLL: 'the poll interval',
};

/** Invoked actors (by invoke id), as the work they do: “fetch balances” done or failed. */
export const ACTOR_LABELS: Labels = {
  session: 'the session',
  routeGuard: 'the route guard',
  chunkReload: 'the screen reload',
  language: 'the language',
  idle: 'the idle watch',
  balances: 'the balances',
  versionReload: 'the new build watch',
  wallet: 'the wallet',
  watchConnection: 'watch the connection',
  watchStatus: 'watch the status',
  refreshSession: 'refresh session',
  logOut: 'log out',
  staySignedIn: 'stay signed in',
  fetchBalances: 'fetch balances',
  signIn: 'sign in',
  startSignIn: 'start sign in',
  verifyCode: 'verify code',
  resendCode: 'resend code',
  sendRecoveryCode: 'send recovery code',
  confirmRecovery: 'confirm recovery',
  cancelRecovery: 'cancel recovery',
  loadPhone: 'load phone',
  stepUp: 'step-up',
  acceptTerms: 'accept the current terms',
  removePhone: 'remove phone',
  requestCode: 'request code',
  confirmCode: 'confirm code',
  confirmEmailCode: 'confirm e-mail code',
  setFrozen: 'set frozen',
  updateControls: 'update controls',
  revealCard: 'reveal card',
  createPayLink: 'create pay link',
  cancelPayLink: 'cancel pay link',
  loadLink: 'load link',
  requestQuote: 'request quote',
  pay: 'payment',
  readStatus: 'read status',
  loadAddresses: 'load addresses',
  checkAddress: 'check address',
  saveAddress: 'save address',
  labelAddress: 'rename address',
  removeAddress: 'remove address',
  withdraw: 'withdraw',
  loadBeneficiaries: 'load bank accounts',
  saveBeneficiary: 'save bank account',
  labelBeneficiary: 'rename bank account',
  removeBeneficiary: 'remove bank account',
  requestPayoutQuote: 'request payout quote',
  payOut: 'pay out',
  checkPayout: 'check payout',
  checkWithdrawal: 'check withdrawal',
  previewCollateral: 'preview collateral',
  moveCollateral: 'move collateral',
  confirmTransfer: 'confirm transfer',
  loadDepositAddress: 'load deposit address',
  fetchDeposits: 'fetch deposits',
  createDepositLink: 'create deposit link',
  sendFromWallet: 'send from wallet',
  loadOptions: 'load options',
  getAssertion: 'get assertion',
  verifyPasskey: 'verify passkey',
  sendCode: 'send code',
  changePassword: 'change password',
  supportsAutofill: 'supports autofill',
  fetchOptions: 'fetch options',
  conditionalAssertion: 'conditional assertion',
  modalAssertion: 'modal assertion',
  verify: 'verify',
  loadStatus: 'load status',
  removePasskey: 'remove passkey',
  requestEnable: 'request enable',
  confirmEnableCode: 'confirm enable code',
  createPasskey: 'create passkey',
  confirmEnable: 'confirm enable',
  requestDisable: 'request disable',
  confirmDisable: 'confirm disable',
  register: 'register',
  redeemPromoCode: 'redeem promo code',
  verifyEmail: 'verify e-mail',
  resetPassword: 'reset password',
  lookupRouteRules: 'look up route rules',
  loadCustomerStanding: 'load customer standing',
  loadSavedLanguage: 'load saved language',
  saveLanguage: 'save language',
  fetchLatestBuild: 'fetch latest build',
  shareLink: 'share link',
  copyLink: 'copy link',
  loadOnboarding: 'load onboarding',
  markIntroSeen: 'mark intro seen',
  loadPushSetup: 'load push setup',
  askPermission: 'ask permission',
  subscribe: 'subscribe',
  loadChatConfig: 'load chat config',
  openWidget: 'open widget',
  loadApplication: 'load application',
  submitApplication: 'submit application',
  saveAnswers: 'save answers',
  loadAnswersDraft: 'read the typed answers',
  saveAnswersDraft: 'keep the typed answers',
  saveSignature: 'save signature',
  saveDocument: 'save document',
  startCamera: 'start camera',
  uploadSide: 'upload side',
  loadDetails: 'load details',
  redeemVoucher: 'redeem voucher',
  reconnect: 'reconnect',
  connect: 'connect',
  switchChain: 'switch chain',
  sendTransaction: 'send transaction',
  disconnect: 'disconnect',
  submit: 'submit',
  read: 'read',
  lookupRecipient: 'look up the recipient',
  sendMoney: 'send the money',
  askMoney: 'ask for money',
  payRequest: 'pay the request',
  answerRequest: 'decline, cancel or remind',
  createPriceAlert: 'save the price alert',
  removePriceAlert: 'remove the price alert',
  loadPlans: 'load the recurring buys',
  createPlan: 'set up the plan',
  changePlan: 'pause, resume or cancel the plan',
};

/** `verifyingEmail` → “verifying e-mail”, `QUOTE_TICK` → “quote tick”: the fallback for names of machines outside the catalog. */
export function humanise(identifier: string): string {
  const words = /[a-z]/.test(identifier) ? identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2') : identifier.replace(/_/g, ' ');
  return words.toLowerCase().replace(/\bemail\b/g, 'e-mail');
}

/** 400 → “400 ms”, 30 000 → “30 s”, 60 000 → “1 min”, 90 000 → “1.5 min”. */
export function durationWords(ms: number): string {
  const units: Array<[number, string]> = [
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1_000, 's'],
  ];
  const [size, unit] = units.find(([size]) => ms >= size) ?? [1, 'ms'];
  return `${Number((ms / size).toFixed(2))} ${unit}`;
}

const label = (table: Labels, name: string) => table[name] ?? humanise(name);

/** The connectives guard labels are built with (`not a`, `a and b`, `in #id`); every other word is a guard's name. */
const CONNECTIVES = new Set(['not', 'and', 'or', 'in']);
const NAME = /[A-Za-z_]\w*/g;

/** `not isSignedIn` → “not signed in”; `and` / `or` / `not` stay, every guard name becomes its words. */
export function guardWords(guard: string): string {
  if (guard === 'inline guard') return 'a condition';
  return guard.replace(NAME, (word) => (CONNECTIVES.has(word) ? word : label(GUARD_LABELS, word)));
}

function triggerWords(t: FlowTransition): string {
  switch (t.kind) {
    case 'event':
      return label(EVENT_LABELS, t.eventType);
    case 'always':
      return 'at once';
    case 'after':
      return t.delayMs !== null ? `after ${durationWords(t.delayMs)}` : `after a delay set by ${label(DELAY_LABELS, t.delay ?? '')}`;
    case 'done':
      return `${label(ACTOR_LABELS, t.actor ?? '')} done`;
    case 'error':
      return `${label(ACTOR_LABELS, t.actor ?? '')} failed`;
    case 'snapshot':
      return `${label(ACTOR_LABELS, t.actor ?? '')} updated`;
    case 'stateDone':
      return 'all parts finished';
    case 'route':
      return 'route asked';
    case 'wildcard':
      return 'any event';
  }
}

/**
 * An edge's words: the transition's description when it has one (a timer's keeps its duration in
 * front), else its trigger and guard in words; `(stays)` when it changes no state.
 */
export function transitionWords(t: FlowTransition): string {
  const trigger = triggerWords(t);
  const text = t.description
    ? `${t.kind === 'after' ? `${trigger}: ` : ''}${t.description}`
    : `${trigger}${t.guard ? ` if ${guardWords(t.guard)}` : ''}`;
  return t.targets.length === 0 ? `${text} (stays)` : text;
}

/** A state's name in the diagram: its key in words; history states say so. */
export function stateWords(state: FlowState): string {
  const words = humanise(state.key);
  return state.type === 'history' ? `${words} (${state.history === 'deep' ? 'deep ' : ''}history)` : words;
}

/** What a state box says it runs. */
export function invokeWords(inv: FlowInvoke): string {
  return `runs ${label(ACTOR_LABELS, inv.id)}`;
}

/** Names a machine uses that the tables lack, as `event NAME` / `guard name` / `delay NAME` / `actor id`. */
export function missingLabels(transitions: readonly FlowTransition[], states: readonly FlowState[]): string[] {
  const missing = new Set<string>();
  const need = (table: Labels, kind: string, name: string | null) => {
    if (name && !(name in table)) missing.add(`${kind} ${name}`);
  };
  for (const t of transitions) {
    if (t.kind === 'event') need(EVENT_LABELS, 'event', t.eventType);
    // A delay given in place (`after: { 400: … }`) has no name to label: its duration is its label.
    if (t.kind === 'after' && !/^\d+ ms$/.test(t.delay ?? '')) need(DELAY_LABELS, 'delay', t.delay);
    need(ACTOR_LABELS, 'actor', t.actor);
    for (const name of t.guard?.match(NAME) ?? []) if (!CONNECTIVES.has(name)) need(GUARD_LABELS, 'guard', name);
  }
  for (const state of states) for (const inv of state.invokes) need(ACTOR_LABELS, 'actor', inv.id);
  return [...missing];
}
