import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { biometricMachine } from '../machines/biometric/biometric.machine';
import { connectBiometric } from '../machines/biometric/biometric.view';
import { changePasswordMachine } from '../machines/changePassword/changePassword.machine';
import { connectChangePassword } from '../machines/changePassword/changePassword.view';
import { sessionMachine } from '../machines/session/session.machine';
import { connectSession } from '../machines/session/session.view';
import { forgotPasswordMachine } from '../machines/forgotPassword/forgotPassword.machine';
import { connectForgotPassword } from '../machines/forgotPassword/forgotPassword.view';
import { phoneChangeMachine } from '../machines/phoneChange/phoneChange.machine';
import { connectPhoneChange } from '../machines/phoneChange/phoneChange.view';
import { registrationMachine } from '../machines/registration/registration.machine';
import { connectRegistration, registrationStep } from '../machines/registration/registration.view';
import type { Quote, QuoteBody, Transfer, TransferBody } from '../contract/transfers';
import type { SubmitIntent } from '../machines/parts/idempotentSubmit';
import { transferMachine } from '../machines/transfer/transfer.machine';
import { connectTransfer } from '../machines/transfer/transfer.view';
import { transferModel } from './models/transfer.model';
import { twoFactorPhoneMachine } from '../machines/twoFactorPhone/twoFactorPhone.machine';
import { connectTwoFactorPhone } from '../machines/twoFactorPhone/twoFactorPhone.view';
import { stepUpMachine } from '../machines/stepUp/stepUp.machine';
import { connectStepUp } from '../machines/stepUp/stepUp.view';
import { acceptTermsMachine } from '../machines/acceptTerms/acceptTerms.machine';
import { connectAcceptTerms } from '../machines/acceptTerms/acceptTerms.view';
import { balancesMachine } from '../machines/balances/balances.machine';
import { connectBalances } from '../machines/balances/balances.view';
import { SAMPLE_SUMMARY } from './models/balances.model';
import { cardControlsMachine } from '../machines/cardControls/cardControls.machine';
import { connectCardControls } from '../machines/cardControls/cardControls.view';
import { card } from './models/cardControls.model';
import type { ChainDeposit } from '../contract/deposits';
import { onChainDepositMachine } from '../machines/onChainDeposit/onChainDeposit.machine';
import { connectOnChainDeposit } from '../machines/onChainDeposit/onChainDeposit.view';
import { SAMPLE_DEPOSIT_ADDRESS } from './models/onChainDeposit.model';

// Each view is a plain function of a snapshot: the screens show exactly what these return.

const resendIdle = { resendInSeconds: 0, resendFailure: null, codeResent: false };

describe('the /2fa/phone view', () => {
  const context = {
    challengeToken: 'tok',
    phoneHint: '+49 •••••••••78',
    destination: '/',
    expiresInMs: 600_000,
    failure: null,
    ...resendIdle,
  };
  const sent: unknown[] = [];
  const at = (value: unknown, extra: object = {}) =>
    connectTwoFactorPhone(twoFactorPhoneMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );

  it('shows the form with the countdown in the button while a new code is not yet allowed', () => {
    expect(at({ awaitingCode: { code: 'editing', resend: 'coolingDown' } }, { resendInSeconds: 42 })).toMatchObject({
      showsForm: true,
      verifying: false,
      phoneHint: '+49 •••••••••78',
      failure: null,
      resendIn: 42,
      resending: false,
      resent: false,
      resendFailure: null,
    });
  });

  it('is busy while the code is checked and once signed in, and shows nothing when leaving for /login', () => {
    expect(at({ awaitingCode: { code: 'verifying', resend: 'ready' } })).toMatchObject({ showsForm: true, verifying: true });
    expect(at('signedIn')).toMatchObject({ showsForm: true, verifying: true });
    expect(at('expired')).toMatchObject({ showsForm: false });
    expect(at({ awaitingCode: { code: 'editing', resend: 'resending' } })).toMatchObject({ resending: true, verifying: false });
  });

  it('sends the typed code and a request for a new one as the machine’s events', () => {
    sent.length = 0;
    const view = at({ awaitingCode: { code: 'editing', resend: 'ready' } });
    view.submit('123456');
    view.resend();
    expect(sent).toEqual([{ type: 'CODE_SUBMITTED', code: '123456' }, { type: 'RESEND_REQUESTED' }]);
  });
});

describe('the /forgot-password view', () => {
  const context = { signIn: '/login', email: 'ann@meridian.test', code: '', fieldErrors: {}, failure: null, ...resendIdle };
  const sent: unknown[] = [];
  const at = (value: unknown, extra: object = {}) =>
    connectForgotPassword(forgotPasswordMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );
  const email = { askingEmail: true, askingCode: false, askingPassword: false };
  const code = { askingEmail: false, askingCode: true, askingPassword: false };
  const password = { askingEmail: false, askingCode: false, askingPassword: true };

  it('names the form on screen: e-mail (also while the code is requested), code, new password', () => {
    expect(at('enteringEmail')).toMatchObject({ ...email, busy: false });
    expect(at('requestingCode')).toMatchObject({ ...email, busy: true });
    expect(at({ resetting: { form: 'enteringCode', resend: 'ready' } })).toMatchObject({ ...code, busy: false, changeCode: null });
    expect(at({ resetting: { form: 'choosingPassword', resend: 'ready' } })).toMatchObject({ ...password, busy: false });
    expect(at({ resetting: { form: 'submitting', resend: 'ready' } })).toMatchObject({ ...password, busy: true });
  });

  it('gives the field error of the form on screen only', () => {
    const fieldErrors = { email: 'invalid', password: 'weak' };
    expect(at('enteringEmail', { fieldErrors }).fieldError).toEqual({ field: 'email', code: 'invalid' });
    expect(at({ resetting: { form: 'enteringCode', resend: 'ready' } }, { fieldErrors }).fieldError).toBeNull();
    expect(at({ resetting: { form: 'choosingPassword', resend: 'ready' } }, { fieldErrors }).fieldError).toEqual({
      field: 'password',
      code: 'weak',
    });
  });

  it('submits what the form on screen asks for, and offers going back to the code from the password only', () => {
    sent.length = 0;
    const typed = { email: 'ann@meridian.test', code: '123456', password: 'a new password 1' };
    at('enteringEmail').submit(typed);
    at({ resetting: { form: 'enteringCode', resend: 'ready' } }).submit(typed);
    const choosing = at({ resetting: { form: 'choosingPassword', resend: 'ready' } });
    choosing.submit(typed);
    choosing.changeCode?.();
    expect(sent).toEqual([
      { type: 'EMAIL_SUBMITTED', email: typed.email },
      { type: 'CODE_SUBMITTED', code: typed.code },
      { type: 'PASSWORD_SUBMITTED', password: typed.password },
      { type: 'CHANGE_CODE' },
    ]);
  });

  it('says a new code was sent, and why one was not', () => {
    const failure = { code: 'network_error' };
    expect(at({ resetting: { form: 'enteringCode', resend: 'coolingDown' } }, { resendInSeconds: 60, codeResent: true })).toMatchObject({
      resendIn: 60,
      resent: true,
    });
    expect(at({ resetting: { form: 'enteringCode', resend: 'ready' } }, { resendFailure: failure })).toMatchObject({
      resendFailure: failure,
    });
  });
});

describe('the phone section view', () => {
  const context = {
    email: 'ann@meridian.test',
    country: 'DE' as const,
    phone: '+4915123456789',
    newPhone: '+4915198765432',
    route: null,
    numberError: null,
    failure: null,
    saved: false,
    emailConfirmed: false,
    ...resendIdle,
  };
  const at = (value: unknown, extra: object = {}) =>
    connectPhoneChange(phoneChangeMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );
  const sent: unknown[] = [];
  const parts = ['loading', 'loadFailed', 'showingCurrent', 'askingNumber', 'choosingChannel', 'askingCode'] as const;
  /** The one part on screen. */
  const shown = (view: ReturnType<typeof at>) => parts.filter((part) => view[part]);

  it('shows one part at a time', () => {
    expect(shown(at('loading'))).toEqual(['loading']);
    expect(shown(at('loadFailed'))).toEqual(['loadFailed']);
    expect(shown(at('idle'))).toEqual(['showingCurrent']);
    expect(shown(at('confirmingRemoval'))).toEqual(['showingCurrent']);
    expect(shown(at('enteringNumber'))).toEqual(['askingNumber']);
    expect(shown(at('choosingChannel'))).toEqual(['choosingChannel']);
    const bySms = at({ codeStep: { code: 'confirming', resend: 'ready' } }, { route: 'sms' });
    expect(shown(bySms)).toEqual(['askingCode']);
    expect(bySms.confirming).toBe(true);
    expect(at({ codeStep: { code: 'confirmingEmail', resend: 'ready' } }, { route: 'email' })).toMatchObject({
      askingCode: true,
      confirming: true,
    });
  });

  it('keeps the form that asked for a code on screen while it is sent: the number for a first one, the channels for a change', () => {
    expect(shown(at('sendingCode', { phone: null, route: 'set' }))).toEqual(['askingNumber']);
    expect(at('sendingCode', { route: 'email' })).toMatchObject({ choosingChannel: true, sending: true });
  });

  it('offers the other channel for a code only for a change, and sends the typed number and code as the machine’s events', () => {
    expect(at('enteringNumber', { route: 'set' }).otherChannel).toBeNull();
    sent.length = 0;
    at({ codeStep: { code: 'editing', resend: 'ready' } }, { route: 'email' }).otherChannel?.();
    const view = at('enteringNumber');
    view.submitNumber('DE', '151 2345678', '+491512345678');
    view.submitCode('123456');
    expect(sent).toEqual([
      { type: 'CHANNEL_CHOSEN', channel: 'sms' },
      { type: 'NUMBER_SUBMITTED', country: 'DE', national: '151 2345678', e164: '+491512345678' },
      { type: 'CODE_SUBMITTED', code: '123456' },
    ]);
  });
});

describe('the sign-up wizard view', () => {
  const context = {
    resumeAt: null,
    email: 'new@meridian.test',
    country: 'DE',
    acceptTerms: true,
    fieldErrors: {},
    failure: null,
    promoCode: '',
    promoRedeemed: null,
    ...resendIdle,
  };
  const snapshot = (value: unknown) => registrationMachine.resolveState({ value: value as never, context });

  it('counts a state working on a page’s answer as that page, and no page before or after the wizard', () => {
    expect(registrationStep(snapshot('choosingMethod'))).toBe('method');
    expect(registrationStep(snapshot('registering'))).toBe('details');
    expect(registrationStep(snapshot('redeemingPromoCode'))).toBe('promoCode');
    expect(registrationStep(snapshot({ verifyingEmail: { code: 'checking', resend: 'ready' } }))).toBe('verifyEmail');
    expect(registrationStep(snapshot('creatingPasskey'))).toBe('biometric');
    expect(registrationStep(snapshot('resuming'))).toBeUndefined();
    expect(registrationStep(snapshot('finished'))).toBeUndefined();
  });

  const sent: unknown[] = [];
  const at = (value: unknown) => connectRegistration(snapshot(value), (event) => sent.push(event));

  it('is busy while a page’s answer is awaited', () => {
    expect(at('editingDetails').busy).toBe(false);
    expect(at('registering').busy).toBe(true);
    expect(at({ verifyingEmail: { code: 'checking', resend: 'ready' } }).busy).toBe(true);
    expect(at({ verifyingEmail: { code: 'editing', resend: 'resending' } })).toMatchObject({ busy: false, resending: true });
  });

  it('sends each page’s answers as the machine’s events, a changed field with the rest of the draft as it was', () => {
    sent.length = 0;
    at('choosingMethod').chooseEmail();
    const details = at('editingDetails');
    details.typeDetails({ country: 'FR' });
    details.submitDetails('a long password 1');
    const promo = at('enteringPromoCode');
    promo.typePromo('WELCOME');
    promo.submitPromo();
    promo.skipPromo();
    const verify = at({ verifyingEmail: { code: 'editing', resend: 'ready' } });
    verify.submitCode('123456');
    verify.resend();
    const passkey = at('offeringPasskey');
    passkey.createPasskey();
    passkey.skipPasskey();
    expect(sent).toEqual([
      { type: 'EMAIL_CHOSEN' },
      { type: 'DETAILS_TYPED', email: 'new@meridian.test', country: 'FR', acceptTerms: true },
      { type: 'DETAILS_SUBMITTED', email: 'new@meridian.test', country: 'DE', acceptTerms: true, password: 'a long password 1' },
      { type: 'PROMO_TYPED', code: 'WELCOME' },
      { type: 'PROMO_SUBMITTED' },
      { type: 'PROMO_SKIPPED' },
      { type: 'CODE_SUBMITTED', code: '123456' },
      { type: 'RESEND_REQUESTED' },
      { type: 'PASSKEY_REQUESTED' },
      { type: 'PASSKEY_SKIPPED' },
    ]);
  });
});

describe('the passkeys section view', () => {
  const context = { enabled: true, codeToken: null, options: null, codeChannel: 'email' as const, failure: null, removing: null };
  const sent: unknown[] = [];
  const at = (value: string, removing: string | null = null) =>
    connectBiometric(biometricMachine.resolveState({ value: value as never, context: { ...context, removing } }), (event) =>
      sent.push(event),
    );

  it('offers the buttons only when nothing is under way, and keeps the add button busy through the whole addition', () => {
    expect(at('idle')).toMatchObject({ idle: true, adding: false, codeFor: null });
    for (const state of ['requestingEnable', 'verifyingEnableCode', 'registering', 'confirmingEnable']) {
      expect(at(state), state).toMatchObject({ idle: false, adding: true });
    }
    expect(at('requestingDisable')).toMatchObject({ idle: false, adding: false });
  });

  it('opens the code form of the change under way, busy while the code is checked', () => {
    expect(at('awaitingEnableCode')).toMatchObject({ codeFor: 'enable', checkingCode: false });
    expect(at('verifyingEnableCode')).toMatchObject({ codeFor: 'enable', checkingCode: true });
    expect(at('awaitingDisableCode')).toMatchObject({ codeFor: 'disable', checkingCode: false });
    expect(at('confirmingDisable')).toMatchObject({ codeFor: 'disable', checkingCode: true, finishing: 'disable' });
    expect(at('confirmingEnable')).toMatchObject({ codeFor: null, finishing: 'enable' });
  });

  it('keeps the question in the passkey’s row until the removal ends, busy from the confirm on', () => {
    expect(at('idle')).toMatchObject({ removalAsked: null, removing: null });
    expect(at('confirmingRemoval', 'pk-1')).toMatchObject({ idle: false, removalAsked: 'pk-1', removing: null });
    for (const state of ['steppingUpToRemove', 'removingPasskey']) {
      expect(at(state, 'pk-1'), state).toMatchObject({ removalAsked: 'pk-1', removing: 'pk-1' });
    }
  });

  it('asks about a passkey only while nothing else is under way', () => {
    expect(at('idle').askRemoval).toBeTypeOf('function');
    expect(at('confirmingRemoval', 'pk-1').askRemoval).toBeTypeOf('function');
    for (const state of ['steppingUpToRemove', 'removingPasskey', 'requestingEnable', 'awaitingDisableCode']) {
      expect(at(state, 'pk-1').askRemoval, state).toBeNull();
    }
  });

  it('adds, removes one or all, and answers the code form as the machine’s events', () => {
    sent.length = 0;
    const idle = at('idle');
    idle.add();
    idle.removeAll();
    idle.askRemoval?.('pk-1');
    const question = at('confirmingRemoval', 'pk-1');
    question.confirmRemoval();
    question.keep();
    const code = at('awaitingEnableCode');
    code.submitCode('123456');
    code.cancel();
    expect(sent).toEqual([
      { type: 'ENABLE_REQUESTED' },
      { type: 'DISABLE_ALL_REQUESTED' },
      { type: 'REMOVE_REQUESTED', id: 'pk-1' },
      { type: 'REMOVE_CONFIRMED' },
      { type: 'REMOVE_CANCELLED' },
      { type: 'CODE_SUBMITTED', code: '123456' },
      { type: 'CANCELLED' },
    ]);
  });
});

describe('the password section view', () => {
  const context = { currentError: null, newError: null, failure: null, otherSessionsEnded: null };
  const sent: unknown[] = [];
  const at = (value: string) =>
    connectChangePassword(changePasswordMachine.resolveState({ value: value as never, context }), (event) => sent.push(event));

  it('shows the form once opened (behind the step-up too), busy while the password changes', () => {
    expect(at('closed')).toMatchObject({ formShown: false, busy: false });
    expect(at('changing')).toMatchObject({ formShown: true, busy: true });
  });

  it('opens, sends both passwords typed, and cancels as the machine’s events', () => {
    sent.length = 0;
    at('closed').open();
    const form = at('editing');
    form.submit('the old one 1', 'a new password 2');
    form.cancel();
    expect(sent).toEqual([
      { type: 'OPENED' },
      { type: 'PASSWORDS_SUBMITTED', current: 'the old one 1', next: 'a new password 2' },
      { type: 'CANCELLED' },
    ]);
  });
});

describe('the session’s view', () => {
  it('is logging out while the session is revoked, and logs out as the machine’s event', () => {
    const sent: unknown[] = [];
    const at = (value: string) =>
      connectSession(
        sessionMachine.resolveState({ value: value as never, context: { hasAuthToken: true, hasRefreshToken: true } }),
        (event) => sent.push(event),
      );
    expect(at('loggingOut').loggingOut).toBe(true);
    expect(at('signedOut').loggingOut).toBe(false);
    at('signedOut').logOut();
    expect(sent).toEqual([{ type: 'LOG_OUT_REQUESTED' }]);
  });
});

describe('the transfer view', () => {
  const quote = transferModel.actors.requestQuote.done.covered;
  const context = {
    direction: 'fiat-to-crypto' as const,
    fromAccountId: quote.fromAccountId,
    toAccountId: quote.toAccountId,
    amount: '100',
    side: 'in' as const,
    quote,
    secondsLeft: 12,
    reviewing: false,
    refreshed: false,
    offline: false,
    failure: null,
    result: null,
  };
  const sent: unknown[] = [];
  const transferView = (snapshot: Parameters<typeof connectTransfer>[0]) => connectTransfer(snapshot, (event) => sent.push(event));
  const at = (value: unknown, extra: object = {}) =>
    transferView(transferMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));
  const priced = (step: string) => ({ priced: { clock: 'ticking', step } });

  it('says a quote that ran out offline waits for the connection, and offers nothing to confirm', () => {
    const waiting = at('waitingForConnection', { secondsLeft: 0, offline: true });
    expect(waiting).toMatchObject({ waitingForConnection: true, review: null, refreshed: false, quoting: false });
    expect(waiting.quote).toEqual(quote);
    expect(at(priced('form'))).toMatchObject({ waitingForConnection: false });
  });

  it('offers the confirmation sheet only for a quote the balance and the limit allow, and says which does not', () => {
    expect(at(priced('form'))).toMatchObject({ review: expect.any(Function), insufficientFunds: false, reviewing: false, secondsLeft: 12 });
    const short = { quote: { ...quote, fundsSufficient: false } };
    expect(at(priced('form'), short)).toMatchObject({ review: null, insufficientFunds: true, aboveLimit: false });
    const over = { quote: { ...quote, withinLimit: false } };
    expect(at(priced('form'), over)).toMatchObject({ review: null, insufficientFunds: false, aboveLimit: true });
  });

  it('confirms from the sheet, is busy while confirming, and offers only the same request again without an answer', () => {
    expect(at(priced('review'))).toMatchObject({ reviewing: true, confirm: expect.any(Function), busy: false });
    expect(at('confirming')).toMatchObject({ reviewing: true, confirm: null, busy: true });
    expect(at('confirmFailed', { failure: { code: 'network_error' } })).toMatchObject({ retry: expect.any(Function), confirm: null });
  });

  /** A transfer of 100 from the form to the confirmation sent, with `confirmTransfer` as given. */
  async function confirmedTransfer(confirmTransfer: () => Promise<Transfer>) {
    const flow = createActor(
      transferMachine.provide({
        actors: {
          requestQuote: fromPromise<Quote, QuoteBody>(async () => quote),
          confirmTransfer: fromPromise<Transfer, TransferBody & SubmitIntent>(confirmTransfer),
          // Online throughout: it would only tell a change of the connection.
          watchConnection: fromCallback(() => {}),
        },
        delays: { QUOTE_DEBOUNCE: 0, QUOTE_TICK: 60_000 },
      }),
      { input: { direction: 'fiat-to-crypto' } },
    ).start();
    flow.send({ type: 'FROM_CHOSEN', accountId: quote.fromAccountId });
    flow.send({ type: 'TO_CHOSEN', accountId: quote.toAccountId });
    flow.send({ type: 'AMOUNT_CHANGED', amount: '100', side: 'in' });
    await waitFor(flow, (snapshot) => transferView(snapshot).review !== null);
    flow.send({ type: 'REVIEW_REQUESTED' });
    flow.send({ type: 'CONFIRMED' });
    return flow;
  }

  it('shows the fresh quote a refused confirmation came with in the sheet, to be confirmed again, never by itself', async () => {
    const refusal = transferModel.actors.confirmTransfer.error['quote over by the server clock, a fresh one sent'];
    let confirms = 0;
    const flow = await confirmedTransfer(async () => {
      confirms += 1;
      throw refusal;
    });
    const shown = transferView(await waitFor(flow, (snapshot) => !transferView(snapshot).busy));
    expect(shown).toMatchObject({
      reviewing: true,
      confirm: expect.any(Function),
      refreshed: true,
      quote: refusal.data.quote,
      secondsLeft: refusal.data.quote.firmForSeconds,
      failure: { code: 'quote_expired' },
    });
    expect(confirms).toBe(1);
    flow.stop();
  });

  it('keeps the quote being confirmed when a change comes meanwhile: the change waits for the answer', async () => {
    const flow = await confirmedTransfer(() => new Promise(() => {}));
    flow.send({ type: 'AMOUNT_CHANGED', amount: '5', side: 'in' });
    flow.send({ type: 'FROM_CHOSEN', accountId: 'another-account' });
    expect(transferView(flow.getSnapshot())).toMatchObject({ busy: true, reviewing: true, quote });
    expect(flow.getSnapshot().context).toMatchObject({ amount: '100', fromAccountId: quote.fromAccountId });
    flow.stop();
  });

  it('says nothing of funds while a quote is being asked for', () => {
    expect(at('quoting', { quote: null })).toMatchObject({ quoting: true, insufficientFunds: false, review: null });
  });

  it('sends what the customer does as the machine’s events, and chooses each side’s first account only while none is', () => {
    sent.length = 0;
    const form = at(priced('form'));
    form.chooseFirst('eur-2', 'btc-2');
    at(priced('form'), { fromAccountId: null, toAccountId: null }).chooseFirst('eur-2', undefined);
    form.chooseFrom('eur-3');
    form.chooseTo('btc-3');
    form.typeAmount('12.5', 'out');
    form.review?.();
    const sheet = at(priced('review'));
    sheet.confirm?.();
    sheet.cancelReview();
    at('confirmFailed', { failure: { code: 'network_error' } }).retry?.();
    expect(sent).toEqual([
      { type: 'FROM_CHOSEN', accountId: 'eur-2' },
      { type: 'FROM_CHOSEN', accountId: 'eur-3' },
      { type: 'TO_CHOSEN', accountId: 'btc-3' },
      { type: 'AMOUNT_CHANGED', amount: '12.5', side: 'out' },
      { type: 'REVIEW_REQUESTED' },
      { type: 'CONFIRMED' },
      { type: 'REVIEW_CANCELLED' },
      { type: 'RETRY' },
    ]);
  });
});

describe('the step-up sheet view', () => {
  const context = {
    action: 'card.reveal' as const,
    passkey: null,
    codeChannel: 'email' as const,
    failure: null,
    granted: false,
    ...resendIdle,
  };
  const sent: unknown[] = [];
  const at = (value: unknown, extra: object = {}) =>
    connectStepUp(stepUpMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) => sent.push(event));
  const code = (part: 'editing' | 'verifying', resend = 'ready') => ({ codeStep: { code: part, resend } });
  const parts = ['preparing', 'passkeyOffered', 'askingCode', 'failed'] as const;
  /** The one part of the sheet on screen. */
  const shown = (view: ReturnType<typeof at>) => parts.filter((part) => view[part]);

  it('shows one part at a time, and steps aside while the passkey’s own sheet is up', () => {
    expect(shown(at('loadingOptions'))).toEqual(['preparing']);
    expect(shown(at('sendingCode'))).toEqual(['preparing']);
    expect(shown(at('passkeyOffered'))).toEqual(['passkeyOffered']);
    expect(shown(at(code('editing')))).toEqual(['askingCode']);
    expect(shown(at('failed', { failure: { code: 'network_error' } }))).toEqual(['failed']);
    for (const value of ['confirmingWithPasskey', 'verifyingPasskey']) {
      expect(at(value), value).toMatchObject({ open: false, preparing: false, busy: true });
    }
    expect(at(code('editing'))).toMatchObject({ open: true, codeChannel: 'email', action: 'card.reveal' });
  });

  it('closes once granted or cancelled', () => {
    expect(at('granted', { granted: true })).toMatchObject({ open: false, preparing: false });
    expect(at('cancelled')).toMatchObject({ open: false, preparing: false });
  });

  it('is verifying only while the typed code is checked, and tells the resend countdown and its failure', () => {
    expect(at(code('verifying'))).toMatchObject({ verifying: true, busy: true });
    expect(at(code('editing'))).toMatchObject({ verifying: false, busy: false });
    expect(at(code('editing', 'coolingDown'), { resendInSeconds: 42 })).toMatchObject({ resendIn: 42, resending: false });
    expect(at(code('editing', 'resending'))).toMatchObject({ resending: true });
    expect(at(code('editing'), { codeResent: true, resendFailure: { code: 'rate_limited' } })).toMatchObject({
      resent: true,
      resendFailure: { code: 'rate_limited' },
    });
    expect(at(code('editing'), { failure: { code: 'code_invalid' } }).failure).toEqual({ code: 'code_invalid' });
  });

  it('offers the passkey instead of the code only to a customer who has one', () => {
    expect(at(code('editing')).canUsePasskey).toBe(false);
    expect(at(code('editing'), { passkey: { challenge: 'c', allowCredentials: [] } }).canUsePasskey).toBe(true);
  });

  it('sends the code, a resend, the choice of passkey or code, a retry and a cancel as the machine’s events', () => {
    sent.length = 0;
    const view = at(code('editing'));
    view.submitCode('123456');
    view.resend();
    view.usePasskey();
    view.useCode();
    view.retry();
    view.cancel();
    expect(sent).toEqual([
      { type: 'CODE_SUBMITTED', code: '123456' },
      { type: 'RESEND_REQUESTED' },
      { type: 'PASSKEY_CHOSEN' },
      { type: 'CODE_CHOSEN' },
      { type: 'RETRY' },
      { type: 'CANCELLED' },
    ]);
  });
});

describe('the terms dialog view', () => {
  const sent: unknown[] = [];
  const at = (value: unknown, failure: object | null = null) =>
    connectAcceptTerms(acceptTermsMachine.resolveState({ value: value as never, context: { failure } as never }), (event) =>
      sent.push(event),
    );

  it('is open while the customer is asked and while the acceptance is saved, busy only then', () => {
    expect(at('closed')).toMatchObject({ open: false, busy: false, failure: null });
    expect(at({ asking: 'reading' })).toMatchObject({ open: true, busy: false, failure: null });
    expect(at('accepting')).toMatchObject({ open: true, busy: true });
    for (const value of ['accepted', 'declined', 'sessionEnded']) expect(at(value).open, value).toBe(false);
  });

  it('says why the acceptance failed only while the dialog shows that failure', () => {
    expect(at({ asking: 'failed' }, { code: 'network_error' }).failure).toEqual({ code: 'network_error' });
    // The failure is kept in the context after the dialog closes; the view says it only in the dialog.
    expect(at('declined', { code: 'network_error' }).failure).toBeNull();
    expect(at('accepting', { code: 'network_error' }).failure).toBeNull();
  });

  it('sends accept and not now as the machine’s events', () => {
    sent.length = 0;
    const view = at({ asking: 'reading' });
    view.accept();
    view.decline();
    expect(sent).toEqual([{ type: 'ACCEPTED' }, { type: 'DECLINED' }]);
  });
});

describe('the balances view', () => {
  const context = { summary: null, saved: null, savedAt: null, error: null, hidden: false, openedSignedIn: true };
  const sent: unknown[] = [];
  const at = (value: unknown, extra: object = {}) =>
    connectBalances(balancesMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );

  it('shows skeletons only for a first fetch with no figures and no failure yet', () => {
    expect(at({ polling: 'fetching' })).toMatchObject({ loading: true, fetching: true, summary: null });
    expect(at({ polling: 'fetching' }, { summary: SAMPLE_SUMMARY })).toMatchObject({
      loading: false,
      fetching: true,
      summary: SAMPLE_SUMMARY,
    });
    expect(at({ polling: 'waiting' }, { error: { code: 'network_error' } })).toMatchObject({
      loading: false,
      fetching: false,
      error: { code: 'network_error' },
    });
    expect(at({ polling: 'fetching' }, { error: { code: 'network_error' } }).loading).toBe(false);
    expect(at('stopped')).toMatchObject({ loading: false, fetching: false, summary: null });
  });

  it('keeps the figures through a failed fetch, says when an earlier visit’s figures are from, and masks them when hidden', () => {
    expect(
      at({ polling: 'waiting' }, { summary: SAMPLE_SUMMARY, error: { code: 'network_error' }, savedAt: 1_700_000_000_000 }),
    ).toMatchObject({
      summary: SAMPLE_SUMMARY,
      error: { code: 'network_error' },
      savedAt: 1_700_000_000_000,
    });
    expect(at('stopped', { hidden: true }).hidden).toBe(true);
  });

  it('sends a refresh and the hide toggle as the machine’s events', () => {
    sent.length = 0;
    const view = at({ polling: 'waiting' }, { summary: SAMPLE_SUMMARY });
    view.refresh();
    view.toggleHidden();
    expect(sent).toEqual([{ type: 'BALANCES_REFRESH' }, { type: 'HIDE_BALANCES_TOGGLED' }]);
  });
});

describe('the card controls view', () => {
  const secrets = { number: '4242424242424242', cvv: '123', expiryMonth: 3, expiryYear: 2029 };
  const sent: unknown[] = [];
  const at = (value: unknown, extra: object = {}) =>
    connectCardControls(
      cardControlsMachine.resolveState({ value: value as never, context: { card, secrets: null, failure: null, ...extra } }),
      (event) => sent.push(event),
    );

  it('shows the number and CVV only while revealed, never when held outside it', () => {
    expect(at('revealed', { secrets }).secrets).toEqual(secrets);
    expect(at('idle', { secrets }).secrets).toBeNull();
    expect(at('revealing', { secrets }).secrets).toBeNull();
  });

  it('is busy while a change, the step-up or the reveal is under way, and shows the card and why the last change failed', () => {
    for (const value of ['changingFreeze', 'savingControls', 'steppingUpToReveal', 'revealing']) expect(at(value).busy, value).toBe(true);
    expect(at('idle', { failure: { code: 'network_error' } })).toMatchObject({ busy: false, card, failure: { code: 'network_error' } });
    expect(at('revealed', { secrets }).busy).toBe(false);
  });

  it('sends freeze, reveal, hide and the controls typed as the machine’s events', () => {
    sent.length = 0;
    at('idle').toggleFreeze();
    at('idle').reveal();
    at('revealed', { secrets }).hide();
    at('idle').saveControls({ dailyLimit: '250.00', online: false });
    expect(sent).toEqual([
      { type: 'FREEZE_TOGGLED' },
      { type: 'REVEAL_REQUESTED' },
      { type: 'HIDE_REQUESTED' },
      { type: 'CONTROLS_SUBMITTED', controls: { dailyLimit: '250.00', online: false } },
    ]);
  });
});

describe('the on-chain deposit view', () => {
  const pendingDeposit: ChainDeposit = {
    network: 'base',
    txHash: `0x${'ab'.repeat(32)}`,
    asset: 'USDT',
    amount: '25.50',
    status: 'pending',
    confirmations: 1,
    required: 2,
    seenAt: '2026-11-26T15:00:00.000Z',
  };
  const chosen = { network: 'base' as const, address: SAMPLE_DEPOSIT_ADDRESS, deposit: pendingDeposit };
  const context = { asset: 'USDT' as const, network: null, address: null, deposit: null, failure: null, dropped: false };
  const sent: unknown[] = [];
  const at = (value: string, extra: object = {}) =>
    connectOnChainDeposit(onChainDepositMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );
  const parts = ['choosingNetwork', 'loading', 'failed', 'pending', 'credited'] as const;
  /** The parts on screen (the address stays under a pending or credited deposit). */
  const shown = (view: ReturnType<typeof at>) => parts.filter((part) => view[part]);

  it('shows one part at a time', () => {
    expect(shown(at('choosingNetwork'))).toEqual(['choosingNetwork']);
    expect(shown(at('loadingAddress', { network: 'base' }))).toEqual(['loading']);
    expect(shown(at('addressFailed', { network: 'base', failure: { code: 'network_error' } }))).toEqual(['failed']);
    expect(shown(at('showingAddress', chosen))).toEqual([]);
    expect(shown(at('depositPending', chosen))).toEqual(['pending']);
    expect(shown(at('credited', chosen))).toEqual(['credited']);
    expect(at('loadingAddress', { network: 'base' }).busy).toBe(true);
    expect(at('addressFailed', { failure: { code: 'network_error' } }).failure).toEqual({ code: 'network_error' });
  });

  it('shows the address from the address on, and a deposit only while one is pending or credited', () => {
    expect(at('showingAddress', chosen)).toMatchObject({ address: SAMPLE_DEPOSIT_ADDRESS, deposit: null, network: 'base' });
    expect(at('depositPending', chosen)).toMatchObject({ address: SAMPLE_DEPOSIT_ADDRESS, deposit: pendingDeposit });
    expect(at('credited', chosen)).toMatchObject({ address: SAMPLE_DEPOSIT_ADDRESS, deposit: pendingDeposit });
    // A network changed back to the list: what was loaded before is not shown.
    expect(at('choosingNetwork', chosen)).toMatchObject({ address: null, deposit: null });
    expect(at('loadingAddress', chosen)).toMatchObject({ address: null, deposit: null });
    expect(at('showingAddress', { ...chosen, deposit: null, dropped: true }).dropped).toBe(true);
  });

  it('sends the network chosen, a change of network and a retry as the machine’s events', () => {
    sent.length = 0;
    at('choosingNetwork').chooseNetwork('ethereum');
    at('showingAddress', chosen).changeNetwork();
    at('addressFailed', { network: 'base', failure: { code: 'network_error' } }).retry();
    expect(sent).toEqual([
      { type: 'NETWORK_CHOSEN', network: 'ethereum' },
      { type: 'NETWORK_CHANGE_REQUESTED' },
      { type: 'RETRY_REQUESTED' },
    ]);
  });
});
