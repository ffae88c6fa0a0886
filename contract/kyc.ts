import { z } from 'zod';
import { timestampSchema } from './common';
import { countryCodeSchema } from './countries';
import { isCalendarDate, ISO_DATE } from './fields';
import { kycStatusSchema, personNameSchema } from './users';
import { TERMS_VERSION } from './terms';

/**
 * Identity checks (KYC): four steps the customer completes in any order and may leave and resume on
 * any device (the server keeps the draft), then submits for an admin's review.
 */
export const KYC_STEPS = ['document', 'phone', 'questionnaire', 'signature'] as const;
export const kycStepSchema = z.enum(KYC_STEPS);
export type KycStep = z.infer<typeof kycStepSchema>;

/** The steps an admin may ask for again (a confirmed phone is proven by its code, not reviewed). */
export const KYC_REPEATABLE_STEPS = ['document', 'questionnaire', 'signature'] as const;
export const kycRepeatableStepSchema = z.enum(KYC_REPEATABLE_STEPS);

/** Where a step stands: `requested` is a step the reviewer asked for again. */
export const KYC_STEP_STATUSES = ['todo', 'done', 'requested'] as const;
export type KycStepStatus = (typeof KYC_STEP_STATUSES)[number];

/** Identity documents; `hasBack` says whether a back side is photographed too. */
export const KYC_DOCUMENT_TYPES = {
  passport: { hasBack: false },
  id_card: { hasBack: true },
  driving_licence: { hasBack: true },
  residence_permit: { hasBack: true },
} as const;
export type KycDocumentType = keyof typeof KYC_DOCUMENT_TYPES;
export const kycDocumentTypeSchema = z.enum(Object.keys(KYC_DOCUMENT_TYPES) as [KycDocumentType, ...KycDocumentType[]]);
export const KYC_DOCUMENT_SIDES = ['front', 'back'] as const;
export const kycDocumentSideSchema = z.enum(KYC_DOCUMENT_SIDES);
export type KycDocumentSide = z.infer<typeof kycDocumentSideSchema>;

/** The sides a document type needs, front first. */
export function sidesOf(type: KycDocumentType): KycDocumentSide[] {
  return KYC_DOCUMENT_TYPES[type].hasBack ? ['front', 'back'] : ['front'];
}

/** What an uploaded document may be: the server reads the type from the bytes, never from the name. */
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];
/** 10 MiB: a phone photo or a scan fits, a video does not. */
export const KYC_FILE_MAX_BYTES = 10_485_760;

/** A calendar date; whether the person is an adult is decided by the server's clock (`dateOfBirthProblem`). */
export const dateOfBirthSchema = z.string().max(10).regex(ISO_DATE, 'A date as YYYY-MM-DD').refine(isCalendarDate, 'A date that exists');

/**
 * The document, and the legal name and date of birth as it shows them: the reviewer compares them with
 * the document, and on approval the name becomes the one the check verified.
 */
export const kycDocumentBodySchema = z.strictObject({
  type: kycDocumentTypeSchema,
  country: countryCodeSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  dateOfBirth: dateOfBirthSchema,
});
export type KycDocumentBody = z.infer<typeof kycDocumentBodySchema>;

export const kycFileSchema = z.object({
  id: z.uuid(),
  side: kycDocumentSideSchema,
  mediaType: z.enum(KYC_FILE_TYPES),
  sizeBytes: z.number().int(),
  uploadedAt: timestampSchema,
});
export type KycFile = z.infer<typeof kycFileSchema>;

// ——— The questionnaire ———

export const OCCUPATIONS = ['employed', 'self_employed', 'student', 'retired', 'unemployed'] as const;
export const FUND_SOURCES = ['salary', 'business', 'savings', 'investments', 'pension', 'inheritance', 'other'] as const;
export const MONTHLY_VOLUMES = ['under_1000', 'under_10000', 'under_50000', 'over_50000'] as const;

/** Every question; which of them are asked follows from the answers (`questionsFor`). */
export const KYC_QUESTIONS = [
  'occupation',
  'employer',
  'industry',
  'sourceOfFunds',
  'sourceOfFundsDetail',
  'monthlyVolume',
  'volumePurpose',
  'pep',
  'pepRole',
  'taxResidence',
  'taxId',
] as const;
export type KycQuestion = (typeof KYC_QUESTIONS)[number];

/** The length of a written answer (an employer, an industry, a role…), counted without the spaces around it. */
export const QUESTIONNAIRE_TEXT_LENGTH = { min: 2, max: 120 } as const;
const freeText = z.string().trim().min(QUESTIONNAIRE_TEXT_LENGTH.min, 'Too short').max(QUESTIONNAIRE_TEXT_LENGTH.max);

/** The answers as stored and sent: every question optional here, `questionnaireSchema` says which are needed. */
export const questionnaireAnswersSchema = z.strictObject({
  occupation: z.enum(OCCUPATIONS).optional(),
  employer: freeText.optional(),
  industry: freeText.optional(),
  sourceOfFunds: z.enum(FUND_SOURCES).optional(),
  sourceOfFundsDetail: freeText.optional(),
  monthlyVolume: z.enum(MONTHLY_VOLUMES).optional(),
  volumePurpose: freeText.optional(),
  pep: z.boolean().optional(),
  pepRole: freeText.optional(),
  taxResidence: countryCodeSchema.optional(),
  taxId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{5,20}$/, 'Letters, digits and dashes, 5 to 20')
    .optional(),
});
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

/**
 * The branching: the questions asked for these answers, in order. A job asks for the employer, a
 * business for its industry, "other" funds for a word on them, the highest volume for its purpose, a
 * politically exposed person for the role, and a US tax residence for the tax number (FATCA).
 */
export function questionsFor(answers: QuestionnaireAnswers): KycQuestion[] {
  return KYC_QUESTIONS.filter((question) => {
    switch (question) {
      case 'employer':
        return answers.occupation === 'employed';
      case 'industry':
        return answers.occupation === 'self_employed';
      case 'sourceOfFundsDetail':
        return answers.sourceOfFunds === 'other';
      case 'volumePurpose':
        return answers.monthlyVolume === 'over_50000';
      case 'pepRole':
        return answers.pep === true;
      case 'taxId':
        return answers.taxResidence === 'US';
      default:
        return true;
    }
  });
}

/**
 * A complete questionnaire: every question asked for these answers is answered, and none that was not
 * asked (a changed answer drops the follow-ups of the old one, so nothing stale is stored).
 */
export const questionnaireSchema = questionnaireAnswersSchema.superRefine((answers, ctx) => {
  const asked = new Set(questionsFor(answers));
  for (const question of KYC_QUESTIONS) {
    const answered = answers[question] !== undefined;
    if (asked.has(question) && !answered) ctx.addIssue({ code: 'custom', path: [question], message: 'Required' });
    if (!asked.has(question) && answered) ctx.addIssue({ code: 'custom', path: [question], message: 'Not asked for these answers' });
  }
});

export const kycQuestionnaireBodySchema = z.strictObject({ answers: questionnaireSchema });

/**
 * The answers being typed, kept on the server so they survive a reload or another device: any subset of
 * the questions asked for them, a written answer possibly still short (it is being typed) but never over
 * the limit. Saving the questionnaire clears it.
 */
const typedText = z.string().max(QUESTIONNAIRE_TEXT_LENGTH.max).optional();
export const questionnaireDraftAnswersSchema = z
  .strictObject({
    ...questionnaireAnswersSchema.shape,
    employer: typedText,
    industry: typedText,
    sourceOfFundsDetail: typedText,
    volumePurpose: typedText,
    pepRole: typedText,
    taxId: z.string().max(20).optional(),
  })
  .superRefine((answers, ctx) => {
    const asked = new Set(questionsFor(answers as QuestionnaireAnswers));
    for (const question of KYC_QUESTIONS) {
      if (!asked.has(question) && answers[question] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [question], message: 'Not asked for these answers' });
      }
    }
  });
export type QuestionnaireDraftAnswers = z.infer<typeof questionnaireDraftAnswersSchema>;
export const kycQuestionnaireDraftBodySchema = z.strictObject({ answers: questionnaireDraftAnswersSchema });
/** The draft and when it was last saved; no draft is `{ answers: {}, savedAt: null }`. */
export const kycQuestionnaireDraftSchema = z.object({ answers: questionnaireDraftAnswersSchema, savedAt: timestampSchema.nullable() });
export type KycQuestionnaireDraft = z.infer<typeof kycQuestionnaireDraftSchema>;

// ——— The signature ———

/** The version of the terms the customer signs (the account terms'); a new version needs a new signature. */
export const KYC_TERMS_VERSION = TERMS_VERSION;
/** A scribble of one stroke is no signature. */
export const SIGNATURE_MIN_STROKES = 2;
/** The signature image as a base64 PNG: a pad's drawing is a few KiB, well under the JSON body limit. */
export const SIGNATURE_MAX_BASE64 = 48_000;

const pointSchema = z.tuple([z.number().min(0).max(4096), z.number().min(0).max(4096)]);
export const kycSignatureBodySchema = z.strictObject({
  /** The strokes as drawn (points in canvas pixels): the server counts them. */
  strokes: z.array(z.array(pointSchema).min(1).max(2000)).max(100),
  /** `data:image/png;base64,…` of the pad. */
  image: z
    .string()
    .max(SIGNATURE_MAX_BASE64 + 22)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'A PNG data URL'),
  termsVersion: z.string().max(20),
});
export type KycSignatureBody = z.infer<typeof kycSignatureBodySchema>;

// ——— The application ———

export const kycApplicationSchema = z.object({
  status: kycStatusSchema,
  steps: z.object({
    document: z.enum(KYC_STEP_STATUSES),
    phone: z.enum(KYC_STEP_STATUSES),
    questionnaire: z.enum(KYC_STEP_STATUSES),
    signature: z.enum(KYC_STEP_STATUSES),
  }),
  document: z.object({ type: kycDocumentTypeSchema.nullable(), country: countryCodeSchema.nullable(), files: z.array(kycFileSchema) }),
  /** The legal name (the profile's) and the date of birth given with the document; null until given. */
  person: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), dateOfBirth: z.string().nullable() }),
  questionnaire: questionnaireAnswersSchema,
  signature: z.object({ signedAt: timestampSchema, termsVersion: z.string() }).nullable(),
  /** The reviewer's words to the customer after a rejection or a request. */
  reason: z.string().nullable(),
  submittedAt: timestampSchema.nullable(),
  /** Steps may change (before submitting, or the step a reviewer asked for). */
  editable: z.boolean(),
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;

// ——— Review (admins) ———

export const kycReviewItemSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  /** Given with the document; null on a check submitted before KYC asked for it (approval needs it). */
  dateOfBirth: z.string().nullable(),
  submittedAt: timestampSchema,
  /** A politically exposed person: never decided without this review. */
  pep: z.boolean(),
  document: z.object({ type: kycDocumentTypeSchema.nullable(), country: countryCodeSchema.nullable(), files: z.array(kycFileSchema) }),
  questionnaire: questionnaireAnswersSchema,
  signature: z.object({ fileId: z.uuid(), signedAt: timestampSchema, termsVersion: z.string() }).nullable(),
});
export const kycReviewQueueSchema = z.object({ applications: z.array(kycReviewItemSchema) });
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;

/** Approve; reject with a reason; or ask for one step again, with a reason. */
export const kycDecisionBodySchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject', 'request_step']),
    step: kycRepeatableStepSchema.optional(),
    reason: z.string().trim().min(3).max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision !== 'approve' && body.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Required' });
    if ((body.decision === 'request_step') !== (body.step !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['step'], message: 'A step for a request, none otherwise' });
    }
  });
export type KycDecisionBody = z.infer<typeof kycDecisionBodySchema>;
export const kycDecisionSchema = z.object({ userId: z.uuid(), status: kycStatusSchema });
