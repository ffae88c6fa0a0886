import { describe, expect, it } from 'vitest';
import type { KycDocumentType, KycFile } from '../contract/kyc';
import { kycDocumentMachine } from '../machines/kycDocument/kycDocument.machine';
import { kycDocumentView } from '../machines/kycDocument/kycDocument.view';

const front: KycFile = {
  id: '7b6f1c2e-8d4a-4f0b-9c1e-2a3b4c5d6e7f',
  side: 'front',
  mediaType: 'image/jpeg',
  sizeBytes: 120_000,
  uploadedAt: '2026-03-02T09:00:00.000Z',
};

/** /kyc/document once the check is decided (nothing editable), with what was uploaded before. */
const decided = (document: { type: KycDocumentType | null; files: KycFile[] }) =>
  kycDocumentView(
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
  );

describe('kycDocumentView of a decided check', () => {
  it('names the document only when every side of it is uploaded', () => {
    expect(decided({ type: 'passport', files: [front] })).toMatchObject({ step: 'complete', uploaded: true, canChange: false });
    expect(decided({ type: 'id_card', files: [front] }).uploaded).toBe(false);
  });

  it('has no document to name when the check was decided before one was chosen (not “Your  is uploaded.”)', () => {
    expect(decided({ type: null, files: [] })).toMatchObject({ step: 'complete', uploaded: false, type: null });
    expect(decided({ type: 'passport', files: [] }).uploaded).toBe(false);
  });
});
