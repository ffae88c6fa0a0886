import { assign, setup } from 'xstate';
import { sidesOf, type CountryCode, type KycApplication, type KycDocumentSide, type KycDocumentType, type KycFile } from '../contract';
import { toFailure, type Failure } from './failure';
import { unprovided } from './unprovided';

interface DocumentContext {
  type: KycDocumentType | null;
  country: CountryCode | null;
  /** The sides on the server. */
  files: KycFile[];
  /** The picture or scan being looked at before it is sent. */
  picked: Blob | null;
  /** The camera's stream while it is open (the screen shows it). */
  stream: unknown;
  /** The camera was refused or is absent: upload is what is left. */
  cameraRefused: boolean;
  editable: boolean;
  failure: Failure | null;
}

type DocumentEvent =
  | { type: 'DOCUMENT_CHOSEN'; documentType: KycDocumentType; country: CountryCode }
  | { type: 'CAMERA_CHOSEN' }
  | { type: 'FILE_PICKED'; file: Blob }
  | { type: 'PHOTO_TAKEN'; file: Blob }
  | { type: 'CAMERA_CLOSED' }
  | { type: 'RETAKE' }
  | { type: 'CONFIRMED' }
  | { type: 'CHANGE_REQUESTED' }
  | { type: 'RETRY' };

/** The first side of the document not on the server yet, or null when all are. */
export function missingSide(type: KycDocumentType | null, files: readonly KycFile[]): KycDocumentSide | null {
  if (!type) return null;
  return sidesOf(type).find((side) => !files.some((file) => file.side === side)) ?? null;
}

/** The files with this one in place of the one of its side (a side uploaded again replaces the old one). */
const withFile = (files: KycFile[], file: KycFile) => [...files.filter((other) => other.side !== file.side), file];

const fromApplication = (application: KycApplication) => ({
  type: application.document.type,
  country: application.document.country,
  files: application.document.files,
  editable: application.editable,
});

/**
 * /kyc/document: the document type and issuing country, then each side the type has (a passport has
 * no back) by camera or by file, looked at before it is sent and retaken at will. A refused or absent
 * camera leaves the upload. The server checks each file from its bytes.
 */
export const kycDocumentMachine = setup({
  types: {
    context: {} as DocumentContext,
    events: {} as DocumentEvent,
  },
  actors: {
    loadApplication: unprovided<KycApplication>('loadApplication'),
    /** PUT /kyc/document. */
    saveDocument: unprovided<KycApplication, { type: KycDocumentType; country: CountryCode }>('saveDocument'),
    /** getUserMedia for the back camera; fails when refused or absent. */
    startCamera: unprovided<unknown>('startCamera'),
    /** POST /kyc/document/:side with the file. */
    uploadSide: unprovided<KycFile, { side: KycDocumentSide; file: Blob }>('uploadSide'),
  },
  actions: {
    /** Releases the camera (its light goes off); the app supplies it. */
    stopCamera: (_, _params: { stream: unknown }) => {},
  },
  guards: {
    hasType: ({ event }) => 'output' in event && (event.output as KycApplication).document.type !== null,
    isComplete: ({ event }) => {
      if (!('output' in event)) return false;
      const application = event.output as KycApplication;
      return application.steps.document === 'done' || !application.editable;
    },
    sidesLeft: ({ context, event }) =>
      'output' in event && missingSide(context.type, withFile(context.files, event.output as KycFile)) !== null,
    mayChange: ({ context }) => context.editable,
  },
}).createMachine({
  id: 'kycDocument',
  description: 'The identity document: type and country, then each side by camera or upload, previewed and retaken at will.',
  context: { type: null, country: null, files: [], picked: null, stream: null, cameraRefused: false, editable: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          { guard: 'isComplete', target: 'complete', actions: assign(({ event }) => fromApplication(event.output)) },
          { guard: 'hasType', target: 'capturing', actions: assign(({ event }) => fromApplication(event.output)) },
          { target: 'choosing', actions: assign(({ event }) => fromApplication(event.output)) },
        ],
        onError: { target: 'unavailable', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    unavailable: { on: { RETRY: { target: 'loading', actions: assign({ failure: null }) } } },
    choosing: {
      description: 'Document type and issuing country.',
      on: { DOCUMENT_CHOSEN: { target: 'savingDocument', actions: assign({ failure: null }) } },
    },
    savingDocument: {
      tags: ['busy'],
      invoke: {
        id: 'saveDocument',
        src: 'saveDocument',
        input: ({ event }) => {
          if (event.type !== 'DOCUMENT_CHOSEN') throw new Error('saveDocument starts from a chosen document');
          return { type: event.documentType, country: event.country };
        },
        onDone: { target: 'capturing', actions: assign(({ event }) => fromApplication(event.output)) },
        onError: { target: 'choosing', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    capturing: {
      description: 'The next side: take a photo or choose a file.',
      initial: 'pickingSource',
      on: { CHANGE_REQUESTED: { target: 'choosing', actions: assign({ picked: null }) } },
      states: {
        pickingSource: {
          on: {
            CAMERA_CHOSEN: { target: 'startingCamera', actions: assign({ failure: null }) },
            FILE_PICKED: { target: 'previewing', actions: assign({ picked: ({ event }) => event.file, failure: null }) },
          },
        },
        startingCamera: {
          tags: ['busy'],
          invoke: {
            id: 'startCamera',
            src: 'startCamera',
            onDone: { target: 'camera', actions: assign({ stream: ({ event }) => event.output }) },
            onError: {
              target: 'pickingSource',
              actions: assign({ cameraRefused: true }),
              description: 'Refused or no camera: the file upload stays.',
            },
          },
        },
        camera: {
          description: 'The camera’s picture; “Take photo”.',
          exit: [{ type: 'stopCamera', params: ({ context }) => ({ stream: context.stream }) }, assign({ stream: null })],
          on: {
            PHOTO_TAKEN: { target: 'previewing', actions: assign({ picked: ({ event }) => event.file }) },
            CAMERA_CLOSED: { target: 'pickingSource' },
          },
        },
        previewing: {
          description: 'The picture or file as it will be sent: “Use this” or “Retake”.',
          on: {
            RETAKE: { target: 'pickingSource', actions: assign({ picked: null, failure: null }) },
            CONFIRMED: { target: 'uploading' },
          },
        },
        uploading: {
          tags: ['busy'],
          invoke: {
            id: 'uploadSide',
            src: 'uploadSide',
            input: ({ context }) => ({ side: missingSide(context.type, context.files)!, file: context.picked! }),
            onDone: [
              {
                guard: 'sidesLeft',
                target: 'pickingSource',
                actions: assign({ files: ({ context, event }) => withFile(context.files, event.output), picked: null }),
                description: 'The back is next.',
              },
              {
                target: '#kycDocument.complete',
                actions: assign({ files: ({ context, event }) => withFile(context.files, event.output), picked: null }),
              },
            ],
            onError: {
              target: 'previewing',
              actions: assign({ failure: ({ event }) => toFailure(event.error) }),
              description: 'Refused (not an image or PDF, too large, unsafe) or offline: said, with the picture still there to retake.',
            },
          },
        },
      },
    },
    complete: {
      description: 'Every side is on the server; “Change document” while the check is open.',
      on: { CHANGE_REQUESTED: { guard: 'mayChange', target: 'choosing' } },
    },
  },
});
