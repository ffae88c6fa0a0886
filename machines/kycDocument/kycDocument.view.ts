import type { SnapshotFrom } from 'xstate';
import type { CountryCode, KycDocumentType } from '../../contract';
import type { Send } from '../parts/connect';
import { missingSide, type Identity, type kycDocumentMachine } from './kycDocument.machine';

type KycDocument = typeof kycDocumentMachine;

/** What /kyc/document shows, one part at a time (booleans, one of them true), and its intents. */
export function connectKycDocument(snapshot: SnapshotFrom<KycDocument>, send: Send<KycDocument>) {
  const { type, country, person, problems, files, picked, stream, cameraRefused, editable, failure } = snapshot.context;
  const complete = snapshot.matches('complete');
  const camera = snapshot.matches({ capturing: 'camera' }) || snapshot.matches({ capturing: 'startingCamera' });
  const preview = snapshot.matches({ capturing: 'previewing' }) || snapshot.matches({ capturing: 'uploading' });
  return {
    loading: snapshot.matches('loading'),
    unavailable: snapshot.matches('unavailable'),
    /** The document's type, country and the holder's identity (while they are saved too). */
    choosing: snapshot.matches('choosing') || snapshot.matches('savingDocument'),
    complete,
    /** Capturing a side: the camera's picture, the picture or scan to confirm, else the choice of camera or file. */
    camera,
    preview,
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
    canChange: complete ? editable : true,
    /** Every side of the chosen document is uploaded; a check decided before that has none to speak of. */
    uploaded: type !== null && missingSide(type, files) === null,
    failure,
    choose: (documentType: KycDocumentType, chosenCountry: CountryCode, identity: Identity) =>
      send({ type: 'DOCUMENT_CHOSEN', documentType, country: chosenCountry, ...identity }),
    openCamera: () => send({ type: 'CAMERA_CHOSEN' }),
    closeCamera: () => send({ type: 'CAMERA_CLOSED' }),
    takePhoto: (file: Blob) => send({ type: 'PHOTO_TAKEN', file }),
    pickFile: (file: Blob) => send({ type: 'FILE_PICKED', file }),
    confirm: () => send({ type: 'CONFIRMED' }),
    retake: () => send({ type: 'RETAKE' }),
    change: () => send({ type: 'CHANGE_REQUESTED' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
