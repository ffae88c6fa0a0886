import { compare, isPositive } from '../../contract/decimal';
import type { Failure } from '../../machines/parts/failure';
import type { CallRule, PageExpectation, PageMark, PathHistoryEntry } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { failureText, pageTexts, SIGNED_IN, typedAmount, type PageLanguage } from './graph/page';

/*
 * What the models of the two send-out flows share, as their machines share `machines/parts/sendOut.ts` and their
 * screens `src/screens/accounts/SendOutParts.tsx`: who may send, the amount, review, confirm, change and
 * retry on the page, the rules money moves by, and what the page cannot do. Each model adds its destination
 * (an address, a beneficiary) and its progress.
 */

/** Whoever may send money out of Meridian (the route's middleware): a confirmed phone, an approved identity check. */
export const MAY_WITHDRAW = { ...SIGNED_IN.user, phone: '+4915112345678', phoneConfirmed: true, kycStatus: 'approved' as const };

/** The server's refusal that asks for the step-up before the money is sent again. */
export const stepUpAsked = (error: unknown) => (error as { code?: string }).code === 'step_up_required';

/** The states and context every send-out machine has, as far as the shared bindings read them. */
interface SendOutSnapshot {
  context: { amount: string; balance: string | null; quote: unknown; failure: Failure | null };
  matches(state: 'editing' | 'reviewing' | 'failed'): boolean;
}

const withinBalance = (s: SendOutSnapshot) => s.context.balance === null || compare(s.context.amount, s.context.balance) <= 0;

/** Codes a quote the server found over, or a step-up it asks for, come back with: never offered to confirm again. */
const QUOTE_OVER = ['quote_expired', 'quote_used', 'quote_not_found', 'step_up_required'];

/**
 * The page's side of the shared part. `failures`: the screen's own failure texts; `confirm`: its confirm
 * button; `max`: the balance Max enters; `quoteTestId`: the review card's test id.
 */
export function sendOutPage(options: {
  failures: (language: PageLanguage) => Record<string, string>;
  confirm: (language: PageLanguage) => string;
  max: string;
  quoteTestId: string;
}) {
  const onForm = (s: SendOutSnapshot) => s.matches('editing');
  const failureShown = (s: SendOutSnapshot, language: PageLanguage): PageMark[] =>
    s.context.failure ? [{ shownText: failureText(language, options.failures(language), s.context.failure) }] : [];
  const button = (name: string) => [{ click: { role: 'button' as const, name } }];
  return {
    /** The form is what the page shows (no sheet, nothing under way): only then can it be filled in. */
    onForm,
    failureShown,
    events: {
      // The page's balance is the summary answered at the start; a later one would need another answer.
      BALANCE_CHANGED: () => null,
      AMOUNT_CHANGED: ({ amount }: { amount: string }, before: SendOutSnapshot, language: PageLanguage) =>
        !onForm(before) || before.context.amount === amount
          ? null
          : amount === options.max
            ? button(pageTexts(language).money.max)
            : [{ fill: { label: pageTexts(language).withdraw.amount }, text: typedAmount(language, amount) }],
      QUOTE_REQUESTED: (_: unknown, before: SendOutSnapshot, language: PageLanguage) =>
        onForm(before) ? button(pageTexts(language).withdraw.review) : null,
      CONFIRMED: (_: unknown, before: SendOutSnapshot, language: PageLanguage) =>
        before.matches('reviewing') ? button(options.confirm(language)) : null,
      EDIT_REQUESTED: (_: unknown, before: SendOutSnapshot, language: PageLanguage) =>
        before.matches('reviewing') ? button(pageTexts(language).withdraw.change) : null,
      RETRY: (_: unknown, before: SendOutSnapshot, language: PageLanguage) =>
        before.matches('failed') ? button(pageTexts(language).withdraw.retry) : null,
    },
    states: {
      failed: (_: unknown, language: PageLanguage): PageExpectation => ({
        shows: [{ role: 'button', name: pageTexts(language).withdraw.retry }, { shownText: pageTexts(language).errors.network_error }],
      }),
      reviewing: (s: SendOutSnapshot, language: PageLanguage): PageExpectation => ({
        shows: [{ testId: options.quoteTestId }, ...failureShown(s, language)],
      }),
    },
  };
}

/**
 * The business rules of the shared part: a quote only for a chosen destination and an amount the balance
 * covers, no step-up before the server said the money would go, “not enough” only of too much, and a
 * quote the server found over never offered again. `chosen` reads the destination; `submitting` names the
 * state the money is sent in.
 */
export function sendOutInvariants<S extends SendOutSnapshot, const Submitting extends string>(
  chosen: (s: S) => string | null,
  { destination, submitting }: { destination: string; submitting: Submitting },
) {
  return {
    quoting: (s: S) =>
      (chosen(s) !== null && isPositive(s.context.amount) && withinBalance(s)) ||
      `quoting without ${destination} or an amount, or for more than the balance`,
    steppingUp: (s: S) => withinBalance(s) || 'stepping up for more than the balance',
    [submitting]: (s: S) => s.context.quote !== null || 'sending without a quote',
    failed: (s: S) => s.context.failure !== null || 'offers to try again without a reason',
    editing: (s: S) =>
      s.context.failure?.code !== 'insufficient_funds' || !withinBalance(s) || 'says “not enough” of an amount the balance covers',
    reviewing: (s: S) =>
      (s.context.quote !== null && !QUOTE_OVER.includes(s.context.failure?.code ?? '')) ||
      'offers to confirm no quote, one the server found over, or asks to confirm again for a step-up',
  } as Record<'quoting' | 'steppingUp' | 'failed' | 'editing' | 'reviewing' | Submitting, (s: S) => true | string>;
}

/**
 * The calls' rules: the money sent again after its step-up ran out or its answer was lost is the same
 * request (the same key) until the customer edits it, and goes only after the step-up the server asked
 * for was granted; a new destination is saved only after its own step-up.
 */
export function sendOutCalls<const Submit extends string, const Save extends string>(
  submit: Submit,
  { save, endedBy }: { save: Save; endedBy: readonly string[] },
) {
  return {
    [submit]: allOf(
      retriesKeepTheIntent(submit, { isOpen: (error) => wasUnanswered(error) || stepUpAsked(error), endedBy }),
      grantedStepUpFirst(submit, { askedFor: stepUpAsked, newTryBy: ['CONFIRMED'] }),
    ),
    [save]: grantedStepUpFirst(save),
    // The sending's step-up only when the server asked for it, before the retry.
    stepUp: (input: { action: string }, history: readonly PathHistoryEntry[]) =>
      input.action !== 'withdrawal' || stepUpOnlyWhenAsked(submit, { confirmedBy: [], askedFor: stepUpAsked })(input, history),
  } as Record<Submit, CallRule<{ intent: string }>> & Record<Save, CallRule<unknown>> & { stepUp: CallRule<{ action: string }> };
}

/** What the page cannot do, for the machine `id` whose result `check` reads. */
export const sendOutNotInBrowser = (id: string, check: string) => ({
  transitions: {
    [`${id} → ${id} (stays) (BALANCE_CHANGED)`]:
      "The page's balance is the summary answered at the start; a later one would need another answer from a call the page makes on its own schedule.",
    [`following.checking → following.waiting (error: ${check} if sessionGone)`]:
      'Without a session cookie the request never leaves, so the page shows nothing; the unit paths replay it.',
  },
});
