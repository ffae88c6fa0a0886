import { assign, setup } from 'xstate';
import { KYC_TERMS_VERSION, SIGNATURE_MIN_STROKES, type KycApplication } from '../../contract/kyc';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** The pad's drawing surface in canvas pixels, whatever its size on screen: the strokes' coordinates. */
export const SIGNATURE_PAD = { width: 600, height: 220 } as const;

/** A stroke as drawn: points in canvas pixels. */
export type Stroke = [number, number][];

interface SignatureContext {
  strokes: Stroke[];
  /** True after a submit with too few strokes, until the pad has enough. */
  tooShort: boolean;
  signedAt: string | null;
  editable: boolean;
  failure: Failure | null;
}

type SignatureEvent =
  | { type: 'STROKE_DRAWN'; stroke: Stroke }
  | { type: 'UNDONE' }
  | { type: 'CLEARED' }
  | { type: 'SUBMITTED'; image: string }
  | { type: 'SIGN_AGAIN' }
  | { type: 'RETRY' };

/** Strokes that draw (a tap is one point): the server counts the same way. */
export const drawnStrokes = (strokes: Stroke[]) => strokes.filter((stroke) => stroke.length >= 2).length;

/**
 * /kyc/signature: the customer signs the current terms on a pad (pointer and touch, undo, clear). The
 * strokes live here, so the pad only draws what the machine holds; fewer than two is refused here and
 * again by the server, which keeps the PNG with the time and the terms' version.
 */
export const kycSignatureMachine = setup({
  types: {
    context: {} as SignatureContext,
    events: {} as SignatureEvent,
  },
  actors: {
    loadApplication: unprovided<KycApplication>('loadApplication'),
    /** POST /kyc/signature. */
    saveSignature: unprovided<KycApplication, { strokes: Stroke[]; image: string; termsVersion: string }>('saveSignature'),
  },
  guards: {
    hasEnoughStrokes: ({ context }) => drawnStrokes(context.strokes) >= SIGNATURE_MIN_STROKES,
    isSigned: ({ event }) => 'output' in event && (event.output as KycApplication).signature !== null,
    isEditable: ({ event }) => 'output' in event && (event.output as KycApplication).editable,
    mayChange: ({ context }) => context.editable,
  },
}).createMachine({
  id: 'kycSignature',
  description: 'Sign the terms on a pad: at least two strokes, undo and clear; stored as a PNG with the time and the terms’ version.',
  context: { strokes: [], tooShort: false, signedAt: null, editable: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved signature is read from the server.',
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: 'isSigned',
            target: 'signed',
            description: 'Signed before: the signature shows with when.',
            actions: assign(({ event }) => ({ signedAt: event.output.signature!.signedAt, editable: event.output.editable })),
          },
          {
            guard: 'isEditable',
            target: 'drawing',
            description: 'Not signed yet and the check is open: the pad shows.',
            actions: assign({ editable: true }),
          },
          { target: 'signed', actions: assign({ editable: false }), description: 'Decided without a signature here: nothing to sign.' },
        ],
        onError: {
          target: 'unavailable',
          description: 'The signature could not be read (offline): the page offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    unavailable: {
      description: 'The step could not be read (offline): the page offers to try again.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the step is read once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    drawing: {
      description: 'The pad: draw, undo the last stroke, clear, then “Sign”.',
      on: {
        STROKE_DRAWN: {
          description: 'The customer drew a stroke on the pad.',
          actions: assign(({ context, event }) => {
            const strokes = [...context.strokes, event.stroke];
            return { strokes, tooShort: context.tooShort && drawnStrokes(strokes) < SIGNATURE_MIN_STROKES };
          }),
        },
        UNDONE: {
          description: 'The customer undid the last stroke.',
          actions: assign({ strokes: ({ context }) => context.strokes.slice(0, -1) }),
        },
        CLEARED: { description: 'The customer cleared the pad.', actions: assign({ strokes: [], tooShort: false }) },
        SUBMITTED: [
          {
            guard: 'hasEnoughStrokes',
            target: 'saving',
            description: 'At least two strokes: the signature is saved.',
            actions: assign({ tooShort: false, failure: null }),
          },
          { description: 'Fewer than two strokes: the pad asks for a real signature.', actions: assign({ tooShort: true }) },
        ],
      },
    },
    saving: {
      description: 'The signature is being saved on the server.',
      tags: ['busy'],
      invoke: {
        id: 'saveSignature',
        src: 'saveSignature',
        input: ({ context, event }) => {
          if (event.type !== 'SUBMITTED') throw new Error('saveSignature starts from a submitted pad');
          return { strokes: context.strokes, image: event.image, termsVersion: KYC_TERMS_VERSION };
        },
        onDone: {
          description: 'The signature was saved: it shows with when.',
          target: 'signed',
          actions: assign(({ event }) => ({ signedAt: event.output.signature?.signedAt ?? null, strokes: [] })),
        },
        onError: {
          target: 'drawing',
          description: 'Not saved (refused, offline): the pad says why and keeps the drawing.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    signed: {
      description: 'Signed: when, and “Sign again” while the check is open.',
      on: {
        SIGN_AGAIN: {
          guard: 'mayChange',
          target: 'drawing',
          description: 'The customer wants to sign again while the check is open.',
          actions: assign({ strokes: [] }),
        },
      },
    },
  },
});
