import { endpoint } from './define';
import { fileAnswerSchema } from '../statements';
import {
  KYC_FILE_MAX_BYTES,
  KYC_FILE_TYPES,
  kycApplicationSchema,
  kycDecisionBodySchema,
  kycDecisionSchema,
  kycDocumentBodySchema,
  kycFileSchema,
  kycQuestionnaireBodySchema,
  kycQuestionnaireDraftBodySchema,
  kycQuestionnaireDraftSchema,
  kycReviewQueueSchema,
  kycSignatureBodySchema,
} from '../kyc';

const editErrors = ['kyc_not_editable'] as const;

/**
 * Identity checks. The server keeps the draft, so every step saves as it is completed and another
 * device continues where the customer left off; `POST /kyc/submit` sends the four steps for review.
 * Documents are served only to their owner and to admins, always as attachments.
 */
export const kycEndpoints = {
  getKyc: endpoint('GET', '/kyc', undefined, kycApplicationSchema, {
    summary: "The customer's identity check: the overall status, each step's, and the draft saved so far.",
    auth: 'bearer',
  }),
  saveKycDocument: endpoint('PUT', '/kyc/document', kycDocumentBodySchema, kycApplicationSchema, {
    summary:
      'The document type and issuing country, with the legal first and last name and the date of birth as the document shows them (the name becomes the profile name). A different type drops the uploaded sides (they were of the other document).',
    auth: 'bearer',
    errors: [...editErrors, 'date_of_birth_refused'],
  }),
  uploadKycDocument: endpoint('POST', '/kyc/document/:side', undefined, kycFileSchema, {
    summary:
      'One side (`front` or `back`) of the document, as `multipart/form-data` with the file in `file`: JPEG, PNG or PDF (read from the bytes, not the name) up to 10 485 760 bytes, a PDF without JavaScript. Image metadata is stripped and the file encrypted at rest; it replaces the side uploaded before.',
    auth: 'bearer',
    upload: { field: 'file', maxBytes: KYC_FILE_MAX_BYTES },
    errors: ['kyc_not_editable', 'kyc_document_type_missing', 'kyc_side_invalid', 'kyc_file_type_refused', 'kyc_file_unsafe'],
  }),
  downloadKycFile: endpoint('GET', '/kyc/files/:id', undefined, fileAnswerSchema, {
    summary: "A document side or signature image, to its owner or an admin (an admin's look is audit-logged); anyone else gets 404.",
    auth: 'bearer',
    download: KYC_FILE_TYPES,
    errors: ['kyc_file_not_found'],
  }),
  saveKycQuestionnaire: endpoint('PUT', '/kyc/questionnaire', kycQuestionnaireBodySchema, kycApplicationSchema, {
    summary:
      'The questionnaire, complete: every question its answers lead to is answered, and no other (see `questionsFor` in contract/kyc.ts). May be changed until submitted.',
    auth: 'bearer',
    errors: [...editErrors, 'country_sanctioned'],
  }),
  getKycQuestionnaireDraft: endpoint('GET', '/kyc/questionnaire/draft', undefined, kycQuestionnaireDraftSchema, {
    summary: 'The questionnaire answers typed but not saved yet (so they survive a reload); empty when there are none.',
    auth: 'bearer',
  }),
  saveKycQuestionnaireDraft: endpoint('PUT', '/kyc/questionnaire/draft', kycQuestionnaireDraftBodySchema, kycQuestionnaireDraftSchema, {
    summary:
      'Keeps the answers being typed: any of the questions their answers lead to, written answers up to their maximum length. Saving the questionnaire clears the draft. Refused once the check is submitted.',
    auth: 'bearer',
    errors: editErrors,
  }),
  signKyc: endpoint('POST', '/kyc/signature', kycSignatureBodySchema, kycApplicationSchema, {
    summary:
      'The signature as a PNG with its strokes (at least 2, counted by the server) for the current version of the terms; stored with the time signed.',
    auth: 'bearer',
    errors: ['kyc_not_editable', 'signature_too_short', 'terms_version_outdated', 'kyc_file_type_refused'],
  }),
  submitKyc: endpoint('POST', '/kyc/submit', undefined, kycApplicationSchema, {
    summary: 'Sends the four completed steps for review (status `pending`); refused while a step is open.',
    auth: 'bearer',
    errors: ['kyc_not_editable', 'kyc_steps_incomplete'],
  }),
  listKycReviews: endpoint('GET', '/simulate/admin/kyc', undefined, kycReviewQueueSchema, {
    summary:
      'The identity checks waiting for review, oldest first (at most 50), politically exposed persons first; each read is written to the audit log. Admins.',
    auth: 'bearer',
    role: 'admin',
  }),
  decideKyc: endpoint('POST', '/simulate/admin/kyc/:userId', kycDecisionBodySchema, kycDecisionSchema, {
    summary:
      "Approve, reject with a reason, or ask for one step again with a reason. Changes the customer's level (approval lifts the level-1 cap), locks the name once approved (approval needs the legal name and date of birth), tells the customer by e-mail in their language, and is written to the audit log. Admins, never on their own check.",
    auth: 'bearer',
    role: 'admin',
    errors: ['kyc_not_pending', 'kyc_own_decision', 'kyc_identity_missing'],
  }),
};
