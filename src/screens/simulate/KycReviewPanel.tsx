import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_REPEATABLE_STEPS, type KycDecisionBody, type KycReviewItem } from '../../../contract/kyc';
import { decideKycMachine } from '../../../machines/decideKyc/decideKyc.machine';
import { simulateApi } from '../../api/simulate';
import { ADMIN_QUERIES, decideKycActors } from '../../app/actors/admin';
import { useApi, useLocale } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/TextField';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { useFailureText } from './shared';
import { unwrap } from '../../app/actors/unwrap';

type Decide = ReturnType<typeof useDecide>;
const useDecide = () => useWrite(decideKycMachine, decideKycActors);

/** Saves a file the server sends as an attachment (the browser never renders it in the page). */
function saveFile(file: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A file of the check, fetched when the reviewer asks (each look is written to the audit log, which is
 * read again then): a picture shown in the page from an object URL, a PDF saved to open.
 */
function FileView({ fileId, pdf, label }: { fileId: string; pdf: boolean; label: string }) {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const look = async () => {
    const answer = await unwrap(api.downloadKycFile(fileId));
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERIES.audit });
    return answer;
  };
  const picture = useQuery({
    queryKey: [...ADMIN_QUERIES.kycQueue, 'file', fileId],
    queryFn: look,
    enabled: shown && !pdf,
    // One look per opening: the bytes do not change, and every fetch is an audited look.
    staleTime: Infinity,
  });
  const url = useObjectUrl(picture.data?.blob);
  return (
    <div className="stack">
      <Button busy={picture.isFetching} onClick={() => (pdf ? void look().then(saveFile) : setShown(true))}>
        {label}
      </Button>
      {picture.isError ? <p role="alert">{t('kycReview.previewFailed', { side: label })}</p> : null}
      {url ? (
        <img className="kyc-preview" src={url} alt={t('kycReview.previewAlt', { side: label })} data-testid="kyc-review-preview" />
      ) : null}
    </div>
  );
}

function Application({ item, decide }: { item: KycReviewItem; decide: Decide }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const failureText = useFailureText();
  const id = useId();
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<(typeof KYC_REPEATABLE_STEPS)[number]>('document');
  const needsReason = reason.trim().length < 3;
  const mine = decide.input?.userId === item.userId;
  const send = (body: KycDecisionBody) => decide.submit({ userId: item.userId, email: item.email, body });
  // Checks submitted before KYC asked for the legal name have none: approval needs it (the server refuses).
  const identityGiven = item.name !== '' && item.dateOfBirth !== null;
  return (
    <article className="card stack" aria-labelledby={`${id}-who`} data-testid="kyc-review">
      <h3 id={`${id}-who`}>
        <bdi dir="ltr">{item.email}</bdi>
      </h3>
      {item.pep ? <p className="notice">{t('kycReview.pep')}</p> : null}
      <dl className="fact-list">
        <div className="fact">
          <dt>{t('kycReview.legalName')}</dt>
          <dd>{item.name || '—'}</dd>
        </div>
        <div className="fact">
          <dt>{t('kycReview.dateOfBirth')}</dt>
          <dd>
            {item.dateOfBirth ? formatDate(new Date(`${item.dateOfBirth}T00:00:00Z`), locale, { dateStyle: 'long', timeZone: 'UTC' }) : '—'}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('kyc.document.type')}</dt>
          <dd>
            {item.document.type ? t(`kyc.document.types.${item.document.type}`) : '—'} · {item.document.country ?? '—'}
          </dd>
        </div>
      </dl>
      {identityGiven ? null : <p className="notice">{t('kycReview.identityMissing')}</p>}
      {item.document.files.map((file) => (
        <FileView
          key={file.id}
          fileId={file.id}
          pdf={file.mediaType === 'application/pdf'}
          label={t('kycReview.file', { side: t(`kycReview.sides.${file.side}`) })}
        />
      ))}
      {item.signature ? <FileView fileId={item.signature.fileId} pdf={false} label={t('kycReview.signature')} /> : null}
      <TextField label={t('kycReview.reason')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      <SelectField
        label={t('kycReview.step')}
        value={step}
        onChange={(event) => setStep(event.target.value as typeof step)}
        options={KYC_REPEATABLE_STEPS.map((option) => (
          <option key={option} value={option}>
            {t(`kyc.steps.${option}`)}
          </option>
        ))}
      />
      <div className="form-alert" role="alert">
        {mine ? failureText(decide.failure) : null}
      </div>
      <div className="button-row">
        <Button variant="primary" busy={mine && decide.busy} disabled={decide.busy} onClick={() => send({ decision: 'approve' })}>
          {t('kycReview.approve')}
        </Button>
        <Button disabled={needsReason || decide.busy} onClick={() => send({ decision: 'request_step', step, reason: reason.trim() })}>
          {t('kycReview.request')}
        </Button>
        <Button variant="danger" disabled={needsReason || decide.busy} onClick={() => send({ decision: 'reject', reason: reason.trim() })}>
          {t('kycReview.reject')}
        </Button>
      </div>
    </article>
  );
}

/** Identity checks waiting for review (admins; a production tool, each decision audit-logged). */
export function KycReviewPanel() {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const decide = useDecide();
  const queue = useQuery({
    queryKey: ADMIN_QUERIES.kycQueue,
    queryFn: async ({ signal }) => (await unwrap(api.listKycReviews({ retry: false, signal }))).applications,
  });
  const decided = decide.done && decide.input ? decide.input : null;
  return (
    <section className="stack" aria-labelledby="admin-kyc">
      <h2 id="admin-kyc">{t('kycReview.title')}</h2>
      {queue.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
      {/* The decided check leaves the queue: what was decided is said here. */}
      <p role="status" className="notice">
        {decided ? t(`kycReview.decided.${decided.body.decision}`, { email: decided.email }) : null}
      </p>
      {queue.data?.length === 0 ? <p>{t('kycReview.empty')}</p> : null}
      {queue.data?.map((item) => (
        <Application key={item.userId} item={item} decide={decide} />
      ))}
    </section>
  );
}
