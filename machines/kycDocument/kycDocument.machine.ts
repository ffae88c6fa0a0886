import { assign, setup } from 'xstate';
import { dateOfBirthProblem, personNameProblem } from '../../contract/fields';
import { sidesOf, type CountryCode, type KycApplication, type KycDocumentSide, type KycDocumentType, type KycFile } from '../../contract';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** The legal name and date of birth as the document shows them. */
export interface Identity {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}
type IdentityField = keyof Identity;
/** Why each field is refused (the shared name and birth-date rules' words). */
export type IdentityProblems = Partial<Record<IdentityField, string>>;

interface DocumentContext {
  type: KycDocumentType | null;
  country: CountryCode | null;
  /** The legal name and date of birth on the server, null where not given yet. */
  person: KycApplication['person'];
  /** The fields the page refused on the last “Continue”, or null. */
  problems: IdentityProblems | null;
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
  | ({ type: 'DOCUMENT_CHOSEN'; documentType: KycDocumentType; country: CountryCode } & Identity)
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

/**
 * The fields refused on `today` by the rules the server applies (contract/fields.ts), or null when all
 * pass: the same words as the server's, so the page says what the server would.
 */
export function identityProblems(identity: Identity, today: Date): IdentityProblems | null {
  const problems: IdentityProblems = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const problem = personNameProblem(identity[field]);
    if (problem) problems[field] = problem;
  }
  const birth = dateOfBirthProblem(identity.dateOfBirth, today);
  if (birth) problems.dateOfBirth = birth;
  return Object.keys(problems).length > 0 ? problems : null;
}

/** A refused save: the server's birth-date verdict beside the field (tooYoung, tooOld), anything else for the form. */
function refusalOf(error: unknown): Pick<DocumentContext, 'failure' | 'problems'> {
  const failure = toFailure(error);
  const birth = failure.code === 'date_of_birth_refused' ? failure.fields?.dateOfBirth : undefined;
  return birth ? { failure: null, problems: { dateOfBirth: birth } } : { failure, problems: null };
}

/** The draft has the legal name and the date of birth (checks started before KYC asked lack them). */
const identityGiven = ({ person }: KycApplication) => Boolean(person.firstName && person.lastName && person.dateOfBirth);

const fromApplication = (application: KycApplication) => ({
  type: application.document.type,
  country: application.document.country,
  person: application.person,
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
    saveDocument: unprovided<KycApplication, { type: KycDocumentType; country: CountryCode } & Identity>('saveDocument'),
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
    /** The document is chosen and the identity given: its sides are next. */
    hasDetails: ({ event }) => {
      if (!('output' in event)) return false;
      const application = event.output as KycApplication;
      return application.document.type !== null && identityGiven(application);
    },
    // The page's clock: the server decides with its own, and says so if they disagree near a birthday.
    identityRefused: ({ event }) => event.type === 'DOCUMENT_CHOSEN' && identityProblems(event, new Date()) !== null,
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
  description:
    'The identity document: the legal name and date of birth as it shows them, its type and country, then each side by camera or upload, previewed and retaken at will.',
  context: {
    type: null,
    country: null,
    person: { firstName: null, lastName: null, dateOfBirth: null },
    problems: null,
    files: [],
    picked: null,
    stream: null,
    cameraRefused: false,
    editable: false,
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The document step so far is read from the server.',
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: 'isComplete',
            target: 'complete',
            description: 'Every side is already there: the step shows as complete.',
            actions: assign(({ event }) => fromApplication(event.output)),
          },
          {
            guard: 'hasDetails',
            target: 'capturing',
            description: 'The document is chosen: the next side is to be captured.',
            actions: assign(({ event }) => fromApplication(event.output)),
          },
          {
            target: 'choosing',
            actions: assign(({ event }) => fromApplication(event.output)),
            description: 'Nothing chosen yet, or a check started before KYC asked for the legal name: it is asked now.',
          },
        ],
        onError: {
          target: 'unavailable',
          description: 'The document step could not be read (offline): the page offers to try again.',
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
    choosing: {
      description: 'Legal first and last name, date of birth, document type and issuing country.',
      on: {
        DOCUMENT_CHOSEN: [
          {
            guard: 'identityRefused',
            actions: assign({ problems: ({ event }) => identityProblems(event, new Date()), failure: null }),
            description: 'A name with digits or symbols, a date that does not exist, under 18: said beside the field.',
          },
          {
            target: 'savingDocument',
            description: 'The details are valid: they are saved on the server.',
            actions: assign({ problems: null, failure: null }),
          },
        ],
      },
    },
    savingDocument: {
      description: 'The name, date of birth and document are being saved.',
      tags: ['busy'],
      invoke: {
        id: 'saveDocument',
        src: 'saveDocument',
        input: ({ event }) => {
          if (event.type !== 'DOCUMENT_CHOSEN') throw new Error('saveDocument starts from a chosen document');
          const { documentType, country, firstName, lastName, dateOfBirth } = event;
          return { type: documentType, country, firstName, lastName, dateOfBirth };
        },
        onDone: [
          {
            guard: 'isComplete',
            target: 'complete',
            actions: assign(({ event }) => fromApplication(event.output)),
            description: 'Only the name or date of birth was missing: the sides are already there.',
          },
          {
            target: 'capturing',
            description: 'Saved: the sides of the document are captured next.',
            actions: assign(({ event }) => fromApplication(event.output)),
          },
        ],
        onError: {
          target: 'choosing',
          actions: assign(({ event }) => refusalOf(event.error)),
          description: 'Refused (under 18 by the server’s clock, the check closed meanwhile) or offline: said, with what was typed.',
        },
      },
    },
    capturing: {
      description: 'The next side: take a photo or choose a file.',
      initial: 'pickingSource',
      on: {
        CHANGE_REQUESTED: {
          target: 'choosing',
          description: 'The customer wants to change the document: back to the choice.',
          actions: assign({ picked: null }),
        },
      },
      states: {
        pickingSource: {
          description: 'The customer chooses between the camera and a file.',
          on: {
            CAMERA_CHOSEN: {
              target: 'startingCamera',
              description: 'The customer chose the camera: it starts.',
              actions: assign({ failure: null }),
            },
            FILE_PICKED: {
              target: 'previewing',
              description: 'The customer picked a file: it shows as it will be sent.',
              actions: assign({ picked: ({ event }) => event.file, failure: null }),
            },
          },
        },
        startingCamera: {
          description: 'The camera is starting; the browser may ask for permission.',
          tags: ['busy'],
          invoke: {
            id: 'startCamera',
            src: 'startCamera',
            onDone: {
              target: 'camera',
              description: 'The camera started: its picture shows.',
              actions: assign({ stream: ({ event }) => event.output }),
            },
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
            PHOTO_TAKEN: {
              target: 'previewing',
              description: 'The customer took a photo: it shows as it will be sent.',
              actions: assign({ picked: ({ event }) => event.file }),
            },
            CAMERA_CLOSED: { target: 'pickingSource', description: 'The customer closed the camera: back to the choice.' },
          },
        },
        previewing: {
          description: 'The picture or file as it will be sent: “Use this” or “Retake”.',
          on: {
            RETAKE: {
              target: 'pickingSource',
              description: 'The customer wants another picture: back to the choice.',
              actions: assign({ picked: null, failure: null }),
            },
            CONFIRMED: { target: 'uploading', description: 'The customer uses this picture: it is uploaded.' },
          },
        },
        uploading: {
          description: 'The side is being uploaded to the server.',
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
                description: 'The last side was uploaded: the step is complete.',
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
      on: {
        CHANGE_REQUESTED: {
          guard: 'mayChange',
          target: 'choosing',
          description: 'The customer wants to change the document while the check is open.',
        },
      },
    },
  },
});
