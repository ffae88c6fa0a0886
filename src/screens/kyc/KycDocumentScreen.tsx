import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, KYC_DOCUMENT_TYPES, type CountryCode, type KycDocumentType } from '../../../contract';
import { NAME_MAX_LENGTH } from '../../../contract/fields';
import { kycDocumentMachine, type Identity } from '../../../machines/kycDocument/kycDocument.machine';
import { connectKycDocument } from '../../../machines/kycDocument/kycDocument.view';
import { kycDocumentActors } from '../../app/actors/kyc';
import { useConnect, useFlowActor, useLocale } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { FileInput } from '../../ui/FileInput';
import { SelectField, TextField } from '../../ui/TextField';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { countryOptions } from '../shared/countries';
import { BackToOverview, KycFailure, KycUnavailable } from './shared';

const DOCUMENT_TYPES = Object.keys(KYC_DOCUMENT_TYPES) as KycDocumentType[];

/** The camera's picture, and the frame it takes as a JPEG. */
function CameraView({ stream, onTaken, onClose }: { stream: unknown; onTaken: (file: Blob) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && stream instanceof MediaStream) video.current.srcObject = stream;
  }, [stream]);
  const take = () => {
    const source = video.current;
    if (!source) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth || 1280;
    canvas.height = source.videoHeight || 720;
    canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && onTaken(blob), 'image/jpeg', 0.92);
  };
  return (
    <div className="stack">
      <video
        ref={video}
        className="kyc-camera"
        autoPlay
        playsInline
        muted
        aria-label={t('kyc.document.cameraView')}
        data-testid="kyc-camera"
      />
      <div className="button-row">
        <Button variant="primary" disabled={!stream} onClick={take}>
          {t('kyc.document.takePhoto')}
        </Button>
        <Button onClick={onClose}>{t('kyc.document.closeCamera')}</Button>
      </div>
    </div>
  );
}

/** /kyc/document: type and country, then each side by camera or file, previewed before it is sent. */
export function KycDocumentScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const view = useConnect(useFlowActor(kycDocumentMachine, kycDocumentActors), connectKycDocument);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  // What the customer picks here; until then the draft's choice (another device's included).
  const [typePicked, setType] = useState<KycDocumentType | ''>('');
  const [countryPicked, setCountry] = useState<CountryCode | ''>('');
  const [typed, setTyped] = useState<Partial<Identity>>({});
  const type = typePicked || view.type || '';
  const country = countryPicked || view.country || '';
  const [missing, setMissing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(view.picked);

  if (view.loading) return <ScreenSkeleton label={t('kyc.loading')} />;
  if (view.unavailable) return <KycUnavailable failure={view.failure} onRetry={view.retry} />;

  const alert = (
    <FormAlert>{view.failure && view.failure.code !== 'camera_refused' ? <KycFailure failure={view.failure} /> : null}</FormAlert>
  );

  if (view.choosing) {
    // What was typed, else what the draft holds (the profile's name, another device's answers).
    const identity: Identity = {
      firstName: typed.firstName ?? view.person.firstName ?? '',
      lastName: typed.lastName ?? view.person.lastName ?? '',
      dateOfBirth: typed.dateOfBirth ?? view.person.dateOfBirth ?? '',
    };
    const choose = () => {
      if (!type || !country || !COUNTRY_CODES.includes(country)) return setMissing(true);
      view.choose(type, country, identity);
    };
    const problem = (field: keyof Identity) => view.problems?.[field];
    const identityField = (field: keyof Identity, autoComplete: string, kind: 'text' | 'date') => (
      <TextField
        label={t(`kyc.document.identity.${field}`)}
        name={field}
        type={kind}
        autoComplete={autoComplete}
        maxLength={kind === 'text' ? NAME_MAX_LENGTH + 20 : undefined}
        value={identity[field]}
        onChange={(change) => setTyped((previous) => ({ ...previous, [field]: change.target.value }))}
        error={problem(field) ? t(`kyc.document.problems.${kind === 'date' ? 'dateOfBirth' : 'name'}.${problem(field)}`) : null}
      />
    );
    return (
      <Form busy={view.busy} onSubmit={choose}>
        <p className="page-lead">{t('screens.kycDocument.lead')}</p>
        {alert}
        <fieldset className="choice-group stack">
          <legend>{t('kyc.document.identity.legend')}</legend>
          <p className="hint">{t('kyc.document.identity.hint')}</p>
          {identityField('firstName', 'given-name', 'text')}
          {identityField('lastName', 'family-name', 'text')}
          {identityField('dateOfBirth', 'bday', 'date')}
        </fieldset>
        <SelectField
          label={t('kyc.document.type')}
          name="documentType"
          value={type}
          onChange={(event) => setType(event.target.value as KycDocumentType)}
          error={missing && !type ? t('kyc.questionnaire.required') : null}
          options={
            <>
              <option value="">{t('kyc.questionnaire.choose')}</option>
              {DOCUMENT_TYPES.map((documentType) => (
                <option key={documentType} value={documentType}>
                  {t(`kyc.document.types.${documentType}`)}
                </option>
              ))}
            </>
          }
        />
        <SelectField
          label={t('kyc.document.country')}
          name="documentCountry"
          value={country}
          onChange={(event) => setCountry(event.target.value as CountryCode)}
          error={missing && !country ? t('kyc.questionnaire.required') : null}
          options={
            <>
              <option value="">{t('kyc.questionnaire.choose')}</option>
              {countries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </>
          }
        />
        <Button variant="primary" type="submit" busy={view.busy}>
          {t('kyc.document.continue')}
        </Button>
      </Form>
    );
  }

  if (view.complete) {
    return (
      <div className="stack">
        <p role="status" className="notice">
          {view.uploaded && view.type
            ? t('kyc.document.complete', { type: t(`kyc.document.types.${view.type}`) })
            : t('kycDocumentDecided.nothingToUpload')}
        </p>
        {view.canChange ? <Button onClick={view.change}>{t('kyc.document.change')}</Button> : null}
        <BackToOverview />
      </div>
    );
  }

  const side = view.side ?? 'front';
  return (
    <section className="stack" aria-labelledby={`${id}-side`}>
      <h2 id={`${id}-side`}>{t(`kyc.document.sides.${side}`, { type: view.type ? t(`kyc.document.types.${view.type}`) : '' })}</h2>
      {alert}
      {view.camera ? (
        <CameraView stream={view.stream} onTaken={view.takePhoto} onClose={view.closeCamera} />
      ) : view.preview ? (
        <div className="stack">
          {view.picked?.type === 'application/pdf' ? (
            <p className="notice">{t('kyc.document.pdfChosen')}</p>
          ) : previewUrl ? (
            <img className="kyc-preview" src={previewUrl} alt={t('kyc.document.previewAlt')} data-testid="kyc-preview" />
          ) : null}
          <div className="button-row">
            <Button variant="primary" busy={view.busy} onClick={view.confirm}>
              {view.busy ? t('kyc.document.uploading') : t('kyc.document.use')}
            </Button>
            <Button disabled={view.busy} onClick={view.retake}>
              {t('kyc.document.retake')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="stack">
          {view.cameraRefused ? (
            <p className="notice" role="status">
              {t('kyc.document.cameraRefused')}
            </p>
          ) : (
            <Button variant="primary" busy={view.busy} onClick={view.openCamera}>
              {t('kyc.document.camera')}
            </Button>
          )}
          <Button onClick={() => fileInput.current?.click()}>{t('kyc.document.upload')}</Button>
          <p className="hint">{t('kyc.document.uploadHint')}</p>
          <FileInput ref={fileInput} label={t('kyc.document.upload')} onPicked={view.pickFile} />
          <Button variant="link" onClick={view.change}>
            {t('kyc.document.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
