import type { KycApplication, KycFile } from '../../contract/kyc';
import type { FlowModel } from './graph/model';
import { failureText, PAGE_LANGUAGES, pageTexts, withValues } from './graph/page';
import { kycDocumentMachine, missingSide } from '../../machines/kycDocument/kycDocument.machine';
import { answersStep, draftUnavailable, GIVEN_PERSON, loadDraft, NO_PERSON, openKycScreen, retryDraft } from './kycPage';

/** The file the customer picks: a 1×1 PNG the preview can show (the server's answer to its upload is the binding's). */
const PICKED_FILE = {
  name: 'passport.png',
  mimeType: 'image/png',
  base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
};

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
const file = (side: 'front' | 'back'): KycFile => ({
  id: side === 'front' ? '7b6f1c2e-8d4a-4f0b-9c1e-2a3b4c5d6e7f' : '8c7a2d3f-9e5b-4a1c-8d2f-3b4c5d6e7f80',
  side,
  mediaType: 'image/jpeg',
  sizeBytes: 120_000,
  uploadedAt: '2026-03-02T09:00:00.000Z',
});
const idCard: KycApplication = { ...open, document: { type: 'id_card', country: 'FR', files: [] }, person: GIVEN_PERSON };
const passport: KycApplication = { ...idCard, document: { type: 'passport', country: 'DE', files: [] } };
/** Uploaded before KYC asked for the legal name: the document step is open again for it. */
const nameless: KycApplication = { ...open, document: { type: 'passport', country: 'DE', files: [file('front')] } };
const done: KycApplication = { ...nameless, steps: { ...open.steps, document: 'done' }, person: GIVEN_PERSON };
const ann = { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' };
const photo = new Blob(['jpeg'], { type: 'image/jpeg' });

export const kycDocumentModel = {
  events: {
    DOCUMENT_CHOSEN: {
      'an ID card from France': { documentType: 'id_card', country: 'FR', ...ann },
      'a passport from Germany': { documentType: 'passport', country: 'DE', ...ann },
      'a name with digits and no birth date': {
        documentType: 'passport',
        country: 'DE',
        firstName: 'Ann2',
        lastName: 'Lee',
        dateOfBirth: '',
      },
    },
    CAMERA_CHOSEN: { 'take a photo': {} },
    FILE_PICKED: { 'a file': { file: photo } },
    PHOTO_TAKEN: { 'a photo': { file: photo } },
    CAMERA_CLOSED: { 'close the camera': {} },
    RETAKE: { retake: {} },
    CONFIRMED: { 'use this': {} },
    CHANGE_REQUESTED: { 'change document': {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadApplication: {
      done: {
        'nothing yet': open,
        'an ID card without sides': idCard,
        'a passport uploaded': done,
        'a passport uploaded before the name was asked': nameless,
        'submitted without a document here': { ...open, status: 'approved', editable: false },
      },
      error: { offline: { code: 'network_error' } },
    },
    saveDocument: {
      done: { 'an ID card': idCard, 'a passport': passport, 'the passport, already uploaded': done },
      error: {
        offline: { code: 'network_error' },
        'under 18 by the server’s clock': { code: 'date_of_birth_refused', fields: { dateOfBirth: 'tooYoung' } },
      },
    },
    startCamera: { done: { 'the camera': {} }, error: { refused: { code: 'camera_refused' } } },
    uploadSide: {
      done: { 'the front': file('front'), 'the back': file('back') },
      error: { 'not an image': { code: 'kyc_file_type_refused' }, 'too large': { code: 'payload_too_large' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.type,
      s.context.person.dateOfBirth !== null,
      s.context.problems,
      s.context.files.map((f) => f.side),
      s.context.picked !== null,
      s.context.stream !== null,
      s.context.cameraRefused,
      s.context.editable,
      s.context.failure?.code,
    ]),
  invariants: {
    'capturing.uploading': (s) =>
      (s.context.picked !== null && missingSide(s.context.type, s.context.files) !== null) || 'uploads nothing, or a side too many',
    'capturing.previewing': (s) => s.context.picked !== null || 'a preview without a picture',
    'capturing.pickingSource': (s) => s.context.stream === null || 'the camera stays on after it closed',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => openKycScreen('/kyc/document', language),
    events: {
      DOCUMENT_CHOSEN: ({ documentType, country, firstName, lastName, dateOfBirth }, _, language) => {
        const texts = pageTexts(language).kyc.document;
        return [
          { fill: { label: texts.identity.firstName }, text: firstName },
          { fill: { label: texts.identity.lastName }, text: lastName },
          { fill: { label: texts.identity.dateOfBirth }, text: dateOfBirth },
          { select: { label: texts.type }, value: documentType },
          { select: { label: texts.country }, value: country },
          { click: { role: 'button', name: texts.continue } },
        ];
      },
      // Once refused, the camera's button is gone: upload is what is left.
      CAMERA_CHOSEN: (_, before, language) =>
        before.context.cameraRefused ? null : [{ click: { role: 'button', name: pageTexts(language).kyc.document.camera } }],
      FILE_PICKED: (_, __, language) => [{ upload: { label: pageTexts(language).kyc.document.upload }, file: PICKED_FILE }],
      PHOTO_TAKEN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.document.takePhoto } }],
      CAMERA_CLOSED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.document.closeCamera } }],
      RETAKE: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.document.retake } }],
      CONFIRMED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).kyc.document.use } }],
      // “Change document” is offered with the choice of source and once the document is complete.
      CHANGE_REQUESTED: (_, before, language) =>
        before.matches({ capturing: 'pickingSource' }) || before.matches('complete')
          ? [{ click: { role: 'button', name: pageTexts(language).kyc.document.change } }]
          : null,
      RETRY: retryDraft,
    },
    actors: {
      loadApplication: loadDraft,
      saveDocument: answersStep('**/api/kyc/document', 'PUT'),
      uploadSide: answersStep('**/api/kyc/document/*', 'POST'),
      startCamera: { done: () => [{ camera: 'grants' }], error: () => [{ camera: 'refuses' }] },
    },
    states: {
      choosing: (s, language) => {
        const texts = pageTexts(language).kyc.document;
        const { problems } = s.context;
        // Each refused field says why beside it (the name rule's and the birth date's words).
        const said = Object.entries(problems ?? {}).map(([field, problem]) => ({
          shownText:
            field === 'dateOfBirth' ? texts.problems.dateOfBirth[problem as 'tooYoung'] : texts.problems.name[problem as 'invalid'],
        }));
        return { shows: [{ label: texts.type }, { label: texts.identity.firstName }, ...said] };
      },
      capturing: (s, language) => {
        const texts = pageTexts(language).kyc;
        const { type, files, failure } = s.context;
        const side = missingSide(type, files) ?? 'front';
        return {
          shows: [
            { role: 'heading', level: 2, name: withValues(texts.document.sides[side], { type: texts.document.types[type!] }) },
            ...(failure && failure.code !== 'camera_refused'
              ? [{ role: 'alert' as const, text: failureText(language, texts.failure, failure) }]
              : []),
          ],
        };
      },
      'capturing.pickingSource': (s, language) => {
        const texts = pageTexts(language).kyc.document;
        const camera = { role: 'button', name: texts.camera } as const;
        return s.context.cameraRefused ? { shows: [{ role: 'status', text: texts.cameraRefused }], hides: [camera] } : { shows: [camera] };
      },
      'capturing.camera': () => ({ shows: [{ testId: 'kyc-camera' }] }),
      'capturing.previewing': (_, language) => ({
        shows: [{ testId: 'kyc-preview' }, { role: 'button', name: pageTexts(language).kyc.document.retake }],
      }),
      complete: (s, language) => {
        const texts = pageTexts(language).kyc.document;
        const { type, files } = s.context;
        const uploaded = type !== null && missingSide(type, files) === null;
        // A check decided before the document was uploaded names no document (it once said “Your  is uploaded.”).
        const text = uploaded
          ? withValues(texts.complete, { type: texts.types[type] })
          : pageTexts(language).kycDocumentDecided.nothingToUpload;
        return { shows: [{ role: 'status', text }] };
      },
      unavailable: draftUnavailable,
    },
  },
} satisfies FlowModel<typeof kycDocumentMachine>;
