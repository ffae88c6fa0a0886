import type { SnapshotFrom } from 'xstate';
import { missingSide, type kycDocumentMachine } from './kycDocument.machine';

/** What /kyc/document shows. */
export function kycDocumentView(snapshot: SnapshotFrom<typeof kycDocumentMachine>) {
  const { type, country, person, problems, files, picked, stream, cameraRefused, editable, failure } = snapshot.context;
  const step = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('unavailable')
      ? 'unavailable'
      : snapshot.matches('choosing') || snapshot.matches('savingDocument')
        ? 'choosing'
        : snapshot.matches('complete')
          ? 'complete'
          : snapshot.matches({ capturing: 'camera' }) || snapshot.matches({ capturing: 'startingCamera' })
            ? 'camera'
            : snapshot.matches({ capturing: 'previewing' }) || snapshot.matches({ capturing: 'uploading' })
              ? 'preview'
              : 'source';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    type,
    country,
    /** The legal name and date of birth saved so far (the form starts from them). */
    person,
    /** Why a field was refused: `kyc.document.problems.<code>`. */
    problems,
    files,
    /** The side being captured. */
    side: missingSide(type, files),
    picked,
    stream,
    cameraRefused,
    canChange: snapshot.matches('complete') ? editable : true,
    /** Every side of the chosen document is uploaded; a check decided before that has none to speak of. */
    uploaded: type !== null && missingSide(type, files) === null,
    failure,
  };
}
