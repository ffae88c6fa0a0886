import type { KycApplication } from '../contract/kyc';
import type { FlowModel } from './graph/model';
import { drawnStrokes, kycSignatureMachine } from './kycSignature.machine';

const open: KycApplication = {
  status: 'in_progress',
  steps: { document: 'todo', phone: 'todo', questionnaire: 'todo', signature: 'todo' },
  document: { type: null, country: null, files: [] },
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
} satisfies FlowModel<typeof kycSignatureMachine>;
