import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_REPEATABLE_STEPS, type KycDecisionBody, type KycReviewItem } from '../../../contract/kyc';
import { simulateApi } from '../../api/simulate';
import { useApi } from '../../app/context';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/TextField';
import { useFailureText } from './shared';
import { unwrap } from '../../app/actors/unwrap';

const QUEUE = ['admin', 'kyc'] as const;

/** Saves a file the server sends as an attachment (the browser never renders it in the page). */
function useOpenFile() {
  const api = useApi(simulateApi);
  return async (id: string) => {
    const file = await unwrap(api.downloadKycFile(id));
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename;
    link.click();
    URL.revokeObjectURL(url);
  };
}

function Application({ item }: { item: KycReviewItem }) {
  const { t } = useTranslation();
  const api = useApi(simulateApi);
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const openFile = useOpenFile();
  const id = useId();
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<(typeof KYC_REPEATABLE_STEPS)[number]>('document');
  const decide = useMutation({
    mutationFn: async (body: KycDecisionBody) => unwrap(api.decideKyc(item.userId, body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUEUE });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const needsReason = reason.trim().length < 3;
  return (
    <article className="card stack" aria-labelledby={`${id}-who`} data-testid="kyc-review">
      <h3 id={`${id}-who`}>
        <bdi dir="ltr">{item.email}</bdi> {item.name ? `· ${item.name}` : ''}
      </h3>
      {item.pep ? <p className="notice">{t('kycReview.pep')}</p> : null}
      <p>
        {item.document.type ? t(`kyc.document.types.${item.document.type}`) : '—'} · {item.document.country ?? '—'}
      </p>
      <div className="button-row">
        {item.document.files.map((file) => (
          <Button key={file.id} onClick={() => void openFile(file.id)}>
            {t('kycReview.file', { side: t(`kycReview.sides.${file.side}`) })}
          </Button>
        ))}
        {item.signature ? <Button onClick={() => void openFile(item.signature!.fileId)}>{t('kycReview.signature')}</Button> : null}
      </div>
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
        {failureText(decide.error)}
      </div>
      <div className="button-row">
        <Button variant="primary" busy={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })}>
          {t('kycReview.approve')}
        </Button>
        <Button
          disabled={needsReason || decide.isPending}
          onClick={() => decide.mutate({ decision: 'request_step', step, reason: reason.trim() })}
        >
          {t('kycReview.request')}
        </Button>
        <Button
          variant="danger"
          disabled={needsReason || decide.isPending}
          onClick={() => decide.mutate({ decision: 'reject', reason: reason.trim() })}
        >
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
  const queue = useQuery({
    queryKey: QUEUE,
    queryFn: async ({ signal }) => (await unwrap(api.listKycReviews({ retry: false, signal }))).applications,
  });
  return (
    <section className="stack" aria-labelledby="admin-kyc">
      <h2 id="admin-kyc">{t('kycReview.title')}</h2>
      {queue.isError ? <p role="alert">{t('simulate.admin.loadFailed')}</p> : null}
      {queue.data?.length === 0 ? <p>{t('kycReview.empty')}</p> : null}
      {queue.data?.map((item) => (
        <Application key={item.userId} item={item} />
      ))}
    </section>
  );
}
