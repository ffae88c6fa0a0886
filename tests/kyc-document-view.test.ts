import { describe, expect, it } from 'vitest';
import type { KycDocumentType, KycFile } from '../contract/kyc';
import { kycDocumentMachine } from '../machines/kycDocument/kycDocument.machine';
import { connectKycDocument } from '../machines/kycDocument/kycDocument.view';

const front: KycFile = {
  id: '7b6f1c2e-8d4a-4f0b-9c1e-2a3b4c5d6e7f',
  side: 'front',
  mediaType: 'image/jpeg',
  sizeBytes: 120_000,
  uploadedAt: '2026-03-02T09:00:00.000Z',
};

/** /kyc/document once the check is decided (nothing editable), with what was uploaded before. */
const decided = (document: { type: KycDocumentType | null; files: KycFile[] }) =>
  connectKycDocument(
    kycDocumentMachine.resolveState({
      value: 'complete',
      context: {
        country: 'DE',
        person: { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' },
        problems: null,
        picked: null,
        stream: null,
        cameraRefused: false,
        editable: false,
        failure: null,
        ...document,
      },
    }),
    () => {},
  );

describe('connectKycDocument of a decided check', () => {
  it('names the document only when every side of it is uploaded', () => {
    expect(decided({ type: 'passport', files: [front] })).toMatchObject({ complete: true, uploaded: true, canChange: false });
    expect(decided({ type: 'id_card', files: [front] }).uploaded).toBe(false);
  });

  it('has no document to name when the check was decided before one was chosen (not “Your  is uploaded.”)', () => {
    expect(decided({ type: null, files: [] })).toMatchObject({ complete: true, uploaded: false, type: null });
    expect(decided({ type: 'passport', files: [] }).uploaded).toBe(false);
  });
});

describe('connectKycDocument while the document is captured', () => {
  const sent: unknown[] = [];
  const at = (value: unknown) =>
    connectKycDocument(
      kycDocumentMachine.resolveState({
        value: value as never,
        context: {
          type: 'passport',
          country: 'DE',
          person: { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' },
          problems: null,
          files: [],
          picked: null,
          stream: null,
          cameraRefused: false,
          editable: true,
          failure: null,
        },
      }),
      (event) => sent.push(event),
    );
  const parts = (value: unknown) => {
    const { loading, unavailable, choosing, complete, camera, preview } = at(value);
    return { loading, unavailable, choosing, complete, camera, preview };
  };
  const none = { loading: false, unavailable: false, choosing: false, complete: false, camera: false, preview: false };

  it('shows one part at a time: the choice (also while it is saved), the camera (also while it starts), the preview (also while it is sent)', () => {
    expect(parts('loading')).toEqual({ ...none, loading: true });
    expect(parts('savingDocument')).toEqual({ ...none, choosing: true });
    expect(parts({ capturing: 'startingCamera' })).toEqual({ ...none, camera: true });
    expect(parts({ capturing: 'uploading' })).toEqual({ ...none, preview: true });
    // Camera or file: none of the others.
    expect(parts({ capturing: 'pickingSource' })).toEqual(none);
  });

  it('sends the choice with the identity, and each step of a capture, as the machine’s events', () => {
    sent.length = 0;
    const file = new Blob(['x'], { type: 'image/jpeg' });
    const view = at({ capturing: 'pickingSource' });
    view.choose('passport', 'FR', { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' });
    view.openCamera();
    view.takePhoto(file);
    view.closeCamera();
    view.pickFile(file);
    view.confirm();
    view.retake();
    view.change();
    view.retry();
    expect(sent).toEqual([
      { type: 'DOCUMENT_CHOSEN', documentType: 'passport', country: 'FR', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' },
      { type: 'CAMERA_CHOSEN' },
      { type: 'PHOTO_TAKEN', file },
      { type: 'CAMERA_CLOSED' },
      { type: 'FILE_PICKED', file },
      { type: 'CONFIRMED' },
      { type: 'RETAKE' },
      { type: 'CHANGE_REQUESTED' },
      { type: 'RETRY' },
    ]);
  });
});
