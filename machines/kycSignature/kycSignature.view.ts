import type { SnapshotFrom } from 'xstate';
import { SIGNATURE_MIN_STROKES } from '../../contract/kyc';
import { drawnStrokes, type kycSignatureMachine } from './kycSignature.machine';

/** What /kyc/signature shows. */
export function kycSignatureView(snapshot: SnapshotFrom<typeof kycSignatureMachine>) {
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
  };
}
