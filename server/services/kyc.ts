import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  KYC_FILE_TYPES,
  KYC_STEPS,
  KYC_TERMS_VERSION,
  SIGNATURE_MIN_STROKES,
  sidesOf,
  type KycApplication,
  type KycDecisionBody,
  type KycDocumentBody,
  type KycDocumentSide,
  type KycFile,
  type KycReviewItem,
  type KycSignatureBody,
  type KycStep,
  type KycStepStatus,
  type KycQuestionnaireDraft,
  type QuestionnaireAnswers,
  type QuestionnaireDraftAnswers,
} from '../../contract/kyc';
import { dateOfBirthProblem } from '../../contract/fields';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import type { FileAnswer } from '../../contract/statements';
import type { KycStatus } from '../../contract/users';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { kycApplications, kycFiles, users, userSettings } from '../db/schema';
import { ApiError } from '../errors';
import { maybeRewardReferrer } from './referrals';
import { inspectUpload, seal, unseal, type FileStore, fileSystemStore } from './kyc-files';
import { kycDecisionNotice } from './kycNotices';
import type { Outbox } from './outbox';
import type { SimulationService } from './simulation';
import { refuseSanctionedResidence } from './sanctions';
import type { CountryCode } from '../../contract/countryCodes';

type ApplicationRow = typeof kycApplications.$inferSelect;
type FileRow = typeof kycFiles.$inferSelect;

/** Statuses in which the customer may still change their steps (all of them, or the one asked for). */
const OPEN: ReadonlySet<KycStatus> = new Set(['not_started', 'in_progress', 'resubmission_requested']);
const REVIEW_QUEUE_LIMIT = 50;
/** Path ids are checked before they reach a uuid column (which would refuse them with an error, not a 404). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toFile = (row: FileRow): KycFile => ({
  id: row.id,
  side: row.purpose as KycDocumentSide,
  mediaType: row.mediaType,
  sizeBytes: row.sizeBytes,
  uploadedAt: row.createdAt.toISOString(),
});

/** The customer's legal name and where their check stands. */
interface Person {
  status: KycStatus;
  phoneConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** The legal name and date of birth are given: what the reviewer compares with the document. */
const identityGiven = (person: Person, app: ApplicationRow | undefined) => Boolean(person.firstName && person.lastName && app?.dateOfBirth);

/** The document step is done when the identity, type, country and every side the type has are there. */
function documentDone(person: Person, app: ApplicationRow | undefined, files: FileRow[]): boolean {
  if (!identityGiven(person, app) || !app?.documentType || !app.documentCountry) return false;
  return sidesOf(app.documentType).every((side) => files.some((file) => file.purpose === side));
}

export interface KycDeps {
  db: Db;
  clock: Clock;
  key: Uint8Array;
  /** Where sealed files go; by default `<dataDir>/kyc-files`. */
  store?: FileStore;
  dataDir: string;
  outbox: Outbox;
  simulation: Pick<SimulationService, 'record'>;
  sanctionedCountries: ReadonlySet<CountryCode>;
}

/**
 * The identity check: a draft per customer that each step saves to (so any device resumes it), the
 * files sealed outside the database, the submission, and the admins' review with its consequences —
 * the level cap lifted on approval (services/levels.ts reads the status), the name locked, the
 * customer told in their language, the audit log written.
 */
export function createKycService(deps: KycDeps) {
  const { db, clock, key, outbox, simulation } = deps;
  const store = deps.store ?? fileSystemStore(path.join(deps.dataDir, 'kyc-files'));

  async function statusOf(tx: Db, userId: string, lock: boolean): Promise<Person> {
    const query = tx
      .select({ status: users.kycStatus, phoneConfirmedAt: users.phoneConfirmedAt, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    // Every change locks the customer's row first: two tabs saving at once take turns.
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new ApiError('unauthorized');
    return { status: row.status, phoneConfirmed: row.phoneConfirmedAt !== null, firstName: row.firstName, lastName: row.lastName };
  }

  const currentFiles = (tx: Db, userId: string) =>
    tx
      .select()
      .from(kycFiles)
      .where(and(eq(kycFiles.userId, userId), isNull(kycFiles.replacedAt)));

  function stepStatuses(person: Person, app: ApplicationRow | undefined, files: FileRow[]) {
    const { status } = person;
    const done: Record<KycStep, boolean> = {
      document: documentDone(person, app, files),
      phone: person.phoneConfirmed,
      questionnaire: Boolean(app?.questionnaireDoneAt),
      signature: Boolean(app?.signedAt),
    };
    const statusOfStep = (step: KycStep): KycStepStatus =>
      done[step] ? 'done' : status === 'resubmission_requested' && app?.requestedStep === step ? 'requested' : 'todo';
    return { done, steps: Object.fromEntries(KYC_STEPS.map((step) => [step, statusOfStep(step)])) as Record<KycStep, KycStepStatus> };
  }

  async function read(tx: Db, userId: string): Promise<KycApplication> {
    const [person, [app], files] = await Promise.all([
      statusOf(tx, userId, false),
      tx.select().from(kycApplications).where(eq(kycApplications.userId, userId)),
      currentFiles(tx, userId),
    ]);
    const documents = files.filter((file) => file.purpose !== 'signature');
    return {
      status: person.status,
      steps: stepStatuses(person, app, documents).steps,
      document: {
        type: app?.documentType ?? null,
        country: (app?.documentCountry as KycApplication['document']['country']) ?? null,
        files: documents.map(toFile),
      },
      person: { firstName: person.firstName, lastName: person.lastName, dateOfBirth: app?.dateOfBirth ?? null },
      questionnaire: app?.questionnaire ?? {},
      signature: app?.signedAt ? { signedAt: app.signedAt.toISOString(), termsVersion: app.signatureTermsVersion! } : null,
      reason: app?.reason ?? null,
      submittedAt: app?.submittedAt?.toISOString() ?? null,
      editable: OPEN.has(person.status),
    };
  }

  /**
   * One change to the draft, in a transaction with the customer's row locked: refused unless the step
   * may change now (before submitting; after a request, only the step asked for). The first change
   * starts the check.
   */
  async function change(userId: string, step: KycStep, apply: (tx: Db, app: ApplicationRow | undefined) => Promise<void>) {
    return db.transaction(async (tx) => {
      const { status } = await statusOf(tx, userId, true);
      const [app] = await tx.select().from(kycApplications).where(eq(kycApplications.userId, userId));
      const mayChange = status === 'resubmission_requested' ? app?.requestedStep === step : OPEN.has(status);
      if (!mayChange) throw new ApiError('kyc_not_editable');
      const now = clock();
      if (!app) await tx.insert(kycApplications).values({ userId, updatedAt: now });
      if (status === 'not_started') await tx.update(users).set({ kycStatus: 'in_progress', updatedAt: now }).where(eq(users.id, userId));
      await apply(tx, app);
      await tx.update(kycApplications).set({ updatedAt: now }).where(eq(kycApplications.userId, userId));
      return read(tx, userId);
    });
  }

  /** Marks the current files of these purposes replaced (their bytes stay until retention removes them). */
  const replaceFiles = (tx: Db, userId: string, purposes: FileRow['purpose'][]) =>
    tx
      .update(kycFiles)
      .set({ replacedAt: clock() })
      .where(and(eq(kycFiles.userId, userId), inArray(kycFiles.purpose, purposes), isNull(kycFiles.replacedAt)));

  /** Seals and stores the bytes, then records them; the caller's transaction marks what they replace. */
  async function storeFile(tx: Db, userId: string, purpose: FileRow['purpose'], mediaType: FileRow['mediaType'], content: Uint8Array) {
    const storageKey = randomUUID();
    await store.put(storageKey, seal(key, storageKey, content));
    await replaceFiles(tx, userId, [purpose]);
    const row = { id: randomUUID(), userId, purpose, mediaType, sizeBytes: content.length, storageKey, createdAt: clock() };
    await tx.insert(kycFiles).values(row);
    return { ...row, replacedAt: null };
  }

  function saveDocument(userId: string, body: KycDocumentBody) {
    const problem = dateOfBirthProblem(body.dateOfBirth, clock());
    if (problem) throw new ApiError('date_of_birth_refused', 'The date of birth is refused.', { fields: { dateOfBirth: problem } });
    return change(userId, 'document', async (tx, app) => {
      // The sides of another document type are not this document's.
      if (app?.documentType && app.documentType !== body.type) await replaceFiles(tx, userId, ['front', 'back']);
      await tx
        .update(kycApplications)
        .set({ documentType: body.type, documentCountry: body.country, dateOfBirth: body.dateOfBirth })
        .where(eq(kycApplications.userId, userId));
      // The check may still change (change() said so), so the name may too: it is the profile's.
      await tx.update(users).set({ firstName: body.firstName, lastName: body.lastName, updatedAt: clock() }).where(eq(users.id, userId));
    });
  }

  /** One side of the document, checked from its bytes; answers the stored file. */
  async function upload(userId: string, side: string, bytes: Uint8Array): Promise<KycFile> {
    if (side !== 'front' && side !== 'back') throw new ApiError('kyc_side_invalid');
    // Checked before the transaction: reading and sealing 10 MiB should not hold the customer's row.
    const { mediaType, content } = await inspectUpload(bytes, KYC_FILE_TYPES);
    let stored: FileRow | undefined;
    await change(userId, 'document', async (tx, app) => {
      if (!app?.documentType) throw new ApiError('kyc_document_type_missing');
      if (!sidesOf(app.documentType).includes(side)) throw new ApiError('kyc_side_invalid');
      stored = await storeFile(tx, userId, side, mediaType, content);
    });
    return toFile(stored!);
  }

  function saveQuestionnaire(userId: string, answers: QuestionnaireAnswers) {
    refuseSanctionedResidence(deps.sanctionedCountries, 'taxResidence', answers.taxResidence);
    return change(userId, 'questionnaire', async (tx) => {
      await tx
        .update(kycApplications)
        // The saved answers replace the ones being typed.
        .set({ questionnaire: answers, questionnaireDoneAt: clock(), questionnaireDraft: null, questionnaireDraftAt: null })
        .where(eq(kycApplications.userId, userId));
    });
  }

  async function questionnaireDraft(userId: string): Promise<KycQuestionnaireDraft> {
    const [row] = await db
      .select({ answers: kycApplications.questionnaireDraft, savedAt: kycApplications.questionnaireDraftAt })
      .from(kycApplications)
      .where(eq(kycApplications.userId, userId));
    return { answers: row?.answers ?? {}, savedAt: row?.savedAt?.toISOString() ?? null };
  }

  /** The answers being typed, kept while the questionnaire may change (as a saved step would be). */
  async function saveQuestionnaireDraft(userId: string, answers: QuestionnaireDraftAnswers): Promise<KycQuestionnaireDraft> {
    const savedAt = clock();
    await change(userId, 'questionnaire', async (tx) => {
      await tx
        .update(kycApplications)
        .set({ questionnaireDraft: answers, questionnaireDraftAt: savedAt })
        .where(eq(kycApplications.userId, userId));
    });
    return { answers, savedAt: savedAt.toISOString() };
  }

  async function sign(userId: string, body: KycSignatureBody) {
    if (body.termsVersion !== KYC_TERMS_VERSION) throw new ApiError('terms_version_outdated');
    // A tap is a stroke of one point: only strokes that draw count.
    if (body.strokes.filter((stroke) => stroke.length >= 2).length < SIGNATURE_MIN_STROKES) throw new ApiError('signature_too_short');
    const png = Buffer.from(body.image.slice(body.image.indexOf(',') + 1), 'base64');
    const { mediaType, content } = await inspectUpload(png, ['image/png']);
    return change(userId, 'signature', async (tx) => {
      const file = await storeFile(tx, userId, 'signature', mediaType, content);
      await tx
        .update(kycApplications)
        .set({ signatureFileId: file.id, signatureTermsVersion: body.termsVersion, signedAt: clock() })
        .where(eq(kycApplications.userId, userId));
      // Signing accepts the terms signed: the version is the one in force (checked above).
      await tx.update(users).set({ termsVersion: body.termsVersion, updatedAt: clock() }).where(eq(users.id, userId));
    });
  }

  /** Sends the check for review once every step is done; `fields` names the open ones otherwise. */
  function submit(userId: string): Promise<KycApplication> {
    return db.transaction(async (tx) => {
      const person = await statusOf(tx, userId, true);
      const { status } = person;
      if (status !== 'in_progress' && status !== 'resubmission_requested') {
        throw new ApiError(status === 'not_started' ? 'kyc_steps_incomplete' : 'kyc_not_editable');
      }
      const [app] = await tx.select().from(kycApplications).where(eq(kycApplications.userId, userId));
      const files = (await currentFiles(tx, userId)).filter((file) => file.purpose !== 'signature');
      const { done } = stepStatuses(person, app, files);
      const open = KYC_STEPS.filter((step) => !done[step]);
      if (open.length > 0) {
        throw new ApiError('kyc_steps_incomplete', 'Some steps are not done.', {
          fields: Object.fromEntries(open.map((step) => [step, 'Not done'])),
        });
      }
      const now = clock();
      await tx
        .update(kycApplications)
        .set({ submittedAt: now, requestedStep: null, reason: null, decidedAt: null, updatedAt: now })
        .where(eq(kycApplications.userId, userId));
      await tx.update(users).set({ kycStatus: 'pending', updatedAt: now }).where(eq(users.id, userId));
      return read(tx, userId);
    });
  }

  /**
   * A file to its owner, or to an admin (each look written to the audit log). Anyone else is told it
   * does not exist, so file ids reveal nothing.
   */
  async function file(callerId: string, isAdmin: boolean, fileId: string, requestId: string): Promise<FileAnswer> {
    return db.transaction(async (tx) => {
      const [row] = UUID.test(fileId) ? await tx.select().from(kycFiles).where(eq(kycFiles.id, fileId)) : [];
      if (!row || (row.userId !== callerId && !isAdmin)) throw new ApiError('kyc_file_not_found');
      if (row.userId !== callerId) {
        await simulation.record(tx, {
          adminId: callerId,
          action: 'kyc_file_viewed',
          requestId,
          targetUserId: row.userId,
          details: { file: row.id, purpose: row.purpose },
        });
      }
      const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' }[row.mediaType];
      return {
        filename: `kyc-${row.purpose}-${row.id.slice(0, 8)}.${extension}`,
        mediaType: row.mediaType,
        content: unseal(key, row.storageKey, await store.get(row.storageKey)),
      };
    });
  }

  /**
   * The submitted checks, politically exposed persons first, then the oldest. The queue shows every
   * customer's identity and answers, so each read is written to the audit log, as a file's is.
   */
  async function queue(adminId: string, requestId: string): Promise<KycReviewItem[]> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ app: kycApplications, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(kycApplications)
        .innerJoin(users, eq(users.id, kycApplications.userId))
        .where(eq(users.kycStatus, 'pending'))
        .orderBy(desc(sql`coalesce((${kycApplications.questionnaire} ->> 'pep')::boolean, false)`), asc(kycApplications.submittedAt))
        .limit(REVIEW_QUEUE_LIMIT);
      const files =
        rows.length === 0
          ? []
          : await tx
              .select()
              .from(kycFiles)
              .where(
                and(
                  inArray(
                    kycFiles.userId,
                    rows.map((row) => row.app.userId),
                  ),
                  isNull(kycFiles.replacedAt),
                ),
              );
      await simulation.record(tx, {
        adminId,
        action: 'kyc_queue_viewed',
        requestId,
        details: { customers: rows.map((row) => row.app.userId).join(' ') },
      });
      return rows.map(({ app, email, firstName, lastName }) => ({
        userId: app.userId,
        email,
        name: [firstName, lastName].filter(Boolean).join(' '),
        dateOfBirth: app.dateOfBirth,
        submittedAt: app.submittedAt!.toISOString(),
        pep: app.questionnaire?.pep === true,
        document: {
          type: app.documentType,
          country: app.documentCountry as KycReviewItem['document']['country'],
          files: files.filter((row) => row.userId === app.userId && row.purpose !== 'signature').map(toFile),
        },
        questionnaire: app.questionnaire ?? {},
        signature:
          app.signedAt && app.signatureFileId
            ? { fileId: app.signatureFileId, signedAt: app.signedAt.toISOString(), termsVersion: app.signatureTermsVersion! }
            : null,
      }));
    });
  }

  /**
   * An admin's decision on a submitted check, with its audit row and the customer's e-mail in one
   * transaction. Asking for a step again undoes that step, so the customer sees it open.
   */
  async function decide(adminId: string, userId: string, body: KycDecisionBody, requestId: string) {
    // Four eyes: an admin's own check (their level, their limits) is decided by another admin.
    if (userId === adminId) throw new ApiError('kyc_own_decision');
    return db.transaction(async (tx) => {
      if (!UUID.test(userId)) throw new ApiError('kyc_not_pending');
      const [customer] = await tx
        .select({
          status: users.kycStatus,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          language: userSettings.language,
        })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId))
        .for('update', { of: users });
      if (!customer || customer.status !== 'pending') throw new ApiError('kyc_not_pending');
      if (body.decision === 'approve') {
        // Approval locks the name: a check without the legal name (submitted before KYC asked for it) is sent back.
        const [app] = await tx
          .select({ dateOfBirth: kycApplications.dateOfBirth })
          .from(kycApplications)
          .where(eq(kycApplications.userId, userId));
        if (!customer.firstName?.trim() || !customer.lastName?.trim() || !app?.dateOfBirth) throw new ApiError('kyc_identity_missing');
      }
      const now = clock();
      const status: KycStatus =
        body.decision === 'approve' ? 'approved' : body.decision === 'reject' ? 'rejected' : 'resubmission_requested';
      await tx.update(users).set({ kycStatus: status, updatedAt: now }).where(eq(users.id, userId));
      // An invitee who already deposited enough earns the referrer's reward now, with the approval.
      if (status === 'approved') await maybeRewardReferrer(tx, userId, clock);
      const undo: Partial<ApplicationRow> =
        body.step === 'questionnaire'
          ? { questionnaireDoneAt: null }
          : body.step === 'signature'
            ? { signedAt: null, signatureFileId: null }
            : {};
      if (body.step === 'document') await replaceFiles(tx, userId, ['front', 'back']);
      if (body.step === 'signature') await replaceFiles(tx, userId, ['signature']);
      await tx
        .update(kycApplications)
        .set({ ...undo, decidedAt: now, reason: body.reason ?? null, requestedStep: body.step ?? null, updatedAt: now })
        .where(eq(kycApplications.userId, userId));
      await simulation.record(tx, {
        adminId,
        action: body.decision === 'approve' ? 'kyc_approved' : body.decision === 'reject' ? 'kyc_rejected' : 'kyc_step_requested',
        requestId,
        targetUserId: userId,
        details: body.step ? { step: body.step } : {},
        reason: body.reason,
      });
      const language = customer.language && isLocale(customer.language) ? customer.language : DEFAULT_LOCALE;
      const notice = body.decision === 'approve' ? 'approved' : body.decision === 'reject' ? 'rejected' : 'step_requested';
      await outbox.enqueue(tx, kycDecisionNotice(notice, customer.email, language, { reason: body.reason, step: body.step }));
      return { userId, status };
    });
  }

  return {
    application: (userId: string) => read(db, userId),
    saveDocument,
    upload,
    saveQuestionnaire,
    questionnaireDraft,
    saveQuestionnaireDraft,
    sign,
    submit,
    file,
    queue,
    decide,
  };
}

export type KycService = ReturnType<typeof createKycService>;
