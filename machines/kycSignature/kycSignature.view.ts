import type { SnapshotFrom } from 'xstate';
import { SIGNATURE_MIN_STROKES } from '../../contract/kyc';
import type { Send } from '../parts/connect';
import { drawnStrokes, type kycSignatureMachine, type Stroke } from './kycSignature.machine';

type KycSignature = typeof kycSignatureMachine;

/** What /kyc/signature shows and its intents. */
export function connectKycSignature(snapshot: SnapshotFrom<KycSignature>, send: Send<KycSignature>) {
  const { strokes, tooShort, signedAt, editable, failure } = snapshot.context;
  return {
    loading: snapshot.matches('loading'),
    unavailable: snapshot.matches('unavailable'),
    drawing: snapshot.matches('drawing') || snapshot.matches('saving'),
    busy: snapshot.hasTag('busy'),
    strokes,
    canUndo: strokes.length > 0,
    enough: drawnStrokes(strokes) >= SIGNATURE_MIN_STROKES,
    tooShort,
    /** Signed, or decided without a signature here (checked before signatures were asked for): no pad. */
    signed: snapshot.matches('signed'),
    signedAt: snapshot.matches('signed') ? signedAt : null,
    canSignAgain: snapshot.matches('signed') && editable,
    failure,
    /** A stroke, once the pointer lifts. */
    draw: (stroke: Stroke) => send({ type: 'STROKE_DRAWN', stroke }),
    undo: () => send({ type: 'UNDONE' }),
    clear: () => send({ type: 'CLEARED' }),
    /** The pad as a PNG data URL. */
    sign: (image: string) => send({ type: 'SUBMITTED', image }),
    signAgain: () => send({ type: 'SIGN_AGAIN' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
