import type { KycApplication } from '../../contract/kyc';
import type { FlowModel } from './graph/model';
import { failureText, PAGE_LANGUAGES, pageTexts } from './graph/page';
import { answersStep, draftUnavailable, loadDraft, NO_PERSON, openKycScreen, retryDraft } from './kycPage';
import { drawnStrokes, kycSignatureMachine, SIGNATURE_PAD } from '../../machines/kycSignature/kycSignature.machine';

const open: KycApplication = {
  status: 'in_progress',
  steps: { document: 'todo', phone: 'todo', questionnaire: 'todo', signature: 'todo' },
  document: { type: null, country: null, files: [] },
  person: NO_PERSON,
  questionnaire: {},
  signature: null,
  reason: null,
  submittedAt: null,
  editable: true,
};
const signed: KycApplication = {
  ...open,
  steps: { ...open.steps, signature: 'done' },
  signature: { signedAt: '2026-03-02T09:00:00.000Z', termsVersion: '2026-01' },
};

export const kycSignatureModel = {
  events: {
    STROKE_DRAWN: {
      'a line': {
        stroke: [
          [10, 10],
          [60, 40],
        ],
      },
      'a tap': { stroke: [[30, 30]] },
    },
    UNDONE: { undo: {} },
    CLEARED: { clear: {} },
    SUBMITTED: { sign: { image: 'data:image/png;base64,iVBORw0KGgo=' } },
    SIGN_AGAIN: { 'sign again': {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadApplication: {
      done: {
        'not signed': open,
        signed,
        submitted: { ...signed, status: 'pending', editable: false },
        'approved without a draft': { ...open, status: 'approved', editable: false },
      },
      error: { offline: { code: 'network_error' } },
    },
    saveSignature: { done: { signed }, error: { 'too short for the server': { code: 'signature_too_short' } } },
  },
  // Two drawn strokes are as good as ten: count up to the minimum.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Math.min(drawnStrokes(s.context.strokes), 2),
      s.context.strokes.length > 0,
      s.context.tooShort,
      s.context.editable,
      s.context.failure?.code,
    ]),
  invariants: {
    saving: (s) => drawnStrokes(s.context.strokes) >= 2 || 'sends a signature of fewer than two strokes',
    drawing: (s) => s.context.editable || 'signs a submitted check',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => openKycScreen('/kyc/signature', language),
    events: {
      STROKE_DRAWN: ({ stroke }) => [
        {
          draw: { testId: 'signature-pad' },
          points: stroke.map(([x, y]) => [x / SIGNATURE_PAD.width, y / SIGNATURE_PAD.height]),
        },
      ],
      // Undo and Clear are greyed out on an empty pad.
      UNDONE: (_, before, language) =>
        before.context.strokes.length === 0 ? null : [{ click: { role: 'button', name: pageTexts(language).kyc.signature.undo } }],
      CLEARED: (_, before, language) =>
        before.context.strokes.length === 0 ? null : [{ click: { role: 'button', name: pageTexts(language).kyc.signature.clear } }],
      SUBMITTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.signature.sign } }],
      SIGN_AGAIN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.signature.signAgain } }],
      RETRY: retryDraft,
    },
    actors: {
      loadApplication: loadDraft,
      saveSignature: answersStep('**/api/kyc/signature', 'POST'),
    },
    states: {
      drawing: (s, language) => {
        const texts = pageTexts(language).kyc;
        const { tooShort, failure } = s.context;
        const said = tooShort ? texts.failure.signature_too_short : failure ? failureText(language, texts.failure, failure) : null;
        return { shows: [{ testId: 'signature-pad' }, ...(said ? [{ role: 'alert' as const, text: said }] : [])] };
      },
      signed: (s, language) => {
        const texts = pageTexts(language).kyc.signature;
        const again = { role: 'button', name: texts.signAgain } as const;
        return {
          shows: [
            s.context.signedAt ? { role: 'status', text: texts.signedAt.split('{{')[0]! } : { role: 'status', text: texts.nothingToSign },
            ...(s.context.editable ? [again] : []),
          ],
          hides: [{ testId: 'signature-pad' }, ...(s.context.editable ? [] : [again])],
        };
      },
      unavailable: draftUnavailable,
    },
  },
} satisfies FlowModel<typeof kycSignatureMachine>;
