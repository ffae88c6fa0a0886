import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PasskeyFailureText } from '../../shared/PasskeyFailureText';
import { biometricMachine, type BiometricFailure, type BiometricStep } from '../../../../machines/biometric/biometric.machine';
import { connectBiometric } from '../../../../machines/biometric/biometric.view';
import type { Passkey } from '../../../../contract';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../../contract/fields';
import { renamePasskeyMachine } from '../../../../machines/renamePasskey/renamePasskey.machine';
import { renamePasskeyActors } from '../../../app/actors/renamePasskey';
import { useWrite } from '../../../app/useWrite';
import { securityApi } from '../../../api/security';
import { useApi, useConnect, useFlowActor, useLocale } from '../../../app/context';
import { biometricActors } from '../../../app/actors/biometric';
import { Button } from '../../../ui/Button';
import { Form, FormAlert } from '../../../ui/Form';
import { TextField } from '../../../ui/TextField';
import { StepUpSheet, stepUpChild } from '../../shared/StepUpSheet';
import { notify } from '../../../app/notify';
import type { BiometricErrorCode } from '../../../auth/webauthnErrors';
import { formatDate } from '../../../i18n/format';
import { unwrap } from '../../../app/actors/unwrap';
import { isSixDigitCode } from '../../../../machines/parts/failure';

const FALLBACK: Record<Exclude<BiometricStep, 'status'>, BiometricErrorCode> = {
  enable: 'registration_not_completed',
  disableRequest: 'biometric_disable_request_failed',
  disableConfirm: 'biometric_disable_confirm_failed',
  remove: 'biometric_disable_confirm_failed',
};

type Translate = ReturnType<typeof useTranslation>['t'];

/** The failures said in this section's own words: the status has no seed message (the section could not load). */
const OWN_TEXT: Partial<Record<BiometricStep, string>> = {
  status: 'passkeys.section.loadFailed',
  remove: 'passkeys.section.actionFailed',
};

function FailureText({ t, failure }: { t: Translate; failure: BiometricFailure }) {
  const own = OWN_TEXT[failure.step];
  if (own) return <>{t(own)}</>;
  return <PasskeyFailureText failure={failure} fallback={FALLBACK[failure.step as Exclude<BiometricStep, 'status'>]} />;
}

/** The 6-digit code step of adding a passkey or removing them all; keeps what was typed on errors. */
function CodeForm({
  lead,
  busy,
  onSubmit,
  onCancel,
}: {
  lead: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const submit = () => {
    if (!isSixDigitCode(code)) return setFormatError(true);
    setFormatError(false);
    onSubmit(code);
  };
  return (
    <Form busy={busy} onSubmit={submit}>
      <p className="page-lead">{lead}</p>
      <TextField
        label={t('passkeys.code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        dir="ltr"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={formatError ? t('passkeys.code.format') : null}
      />
      <div className="button-row">
        <Button variant="primary" type="submit" busy={busy}>
          {busy ? t('passkeys.code.confirming') : t('passkeys.code.confirm')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('passkeys.code.cancel')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * One passkey with inline rename, and the question before its removal: whether it is asked, and the removal
 * after it, are the passkeys flow's (`asked`, `removing`).
 */
function PasskeyItem({
  passkey,
  asked,
  removing,
  onAskRemoval,
  onConfirmRemoval,
  onKeep,
}: {
  passkey: Passkey;
  asked: boolean;
  removing: boolean;
  /** Null while another change of the passkeys is under way. */
  onAskRemoval: (() => void) | null;
  onConfirmRemoval: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [chosen, setMode] = useState<'view' | 'rename'>('view');
  const [name, setName] = useState(passkey.name);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const rename = useWrite(renamePasskeyMachine, renamePasskeyActors);
  // A saved name closes the form; pressing Rename again starts a new intent.
  const mode = chosen === 'rename' && rename.done ? 'view' : chosen;

  const nameProblem = rename.problems?.name;
  return (
    <li className="passkey-item">
      {mode === 'rename' ? (
        <Form busy={rename.busy} onSubmit={() => rename.submit({ id: passkey.id, name })}>
          <TextField
            label={t('passkeys.section.renameLabel')}
            name="name"
            autoFocus
            dir="auto"
            maxLength={PASSKEY_NAME_MAX_LENGTH + 10}
            value={name}
            onChange={(e) => {
              rename.edit();
              setName(e.target.value);
            }}
            error={nameProblem ? t(nameProblem === 'required' ? 'passkeys.section.nameRequired' : 'passkeys.section.nameTooLong') : null}
          />
          <div className="button-row">
            <Button variant="primary" type="submit" busy={rename.busy}>
              {t('passkeys.section.save')}
            </Button>
            <Button
              onClick={() => {
                // Closed at once, so Rename is on the page again to take the focus back.
                flushSync(() => setMode('view'));
                setName(passkey.name);
                rename.edit();
                renameButton.current?.focus();
              }}
            >
              {t('passkeys.section.cancel')}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="passkey-summary">
          <p className="passkey-name">
            {/* The customer's own text may be in any script; the line keeps the page's direction. */}
            <span dir="auto">{passkey.name}</span>
            {passkey.backedUp ? <span className="badge">{t('passkeys.section.synced')}</span> : null}
          </p>
          <p className="hint">{t('passkeys.section.provider', { provider: passkey.provider })}</p>
          <p className="hint">
            {t('passkeys.section.created', { date: formatDate(new Date(passkey.createdAt), locale) })}
            {' · '}
            {passkey.lastUsedAt
              ? t('passkeys.section.lastUsed', {
                  date: formatDate(new Date(passkey.lastUsedAt), locale, { dateStyle: 'medium', timeStyle: 'short' }),
                })
              : t('passkeys.section.neverUsed')}
          </p>
        </div>
      )}
      {asked ? (
        <div className="form-alert-inline" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('passkeys.section.removeConfirm', { name: passkey.name })}</p>
          <div className="button-row">
            <Button variant="danger" autoFocus busy={removing} onClick={onConfirmRemoval}>
              {t('passkeys.section.confirmRemove')}
            </Button>
            <Button
              disabled={removing}
              onClick={() => {
                // Closed at once, so the row's Remove is on the page again to take the focus back.
                flushSync(onKeep);
                removeButton.current?.focus();
              }}
            >
              {t('passkeys.section.cancel')}
            </Button>
          </div>
        </div>
      ) : mode === 'view' ? (
        <div className="button-row">
          <Button
            ref={renameButton}
            onClick={() => {
              rename.edit();
              setMode('rename');
            }}
          >
            {t('passkeys.section.rename')}
          </Button>
          {/* Named after the passkey: several rows each have a Remove. */}
          <Button
            ref={removeButton}
            aria-label={t('passkeys.section.removeOne', { name: passkey.name })}
            disabled={!onAskRemoval}
            onClick={onAskRemoval ?? undefined}
          >
            {t('passkeys.section.remove')}
          </Button>
        </div>
      ) : null}
      <FormAlert>{rename.failure ? t('passkeys.section.actionFailed') : null}</FormAlert>
    </li>
  );
}

/** The passkeys section of /profile/security; the add and remove-all flow is the biometric statechart. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const api = useApi(securityApi);
  const biometric = useFlowActor(biometricMachine, biometricActors);
  const view = useConnect(biometric, connectBiometric);
  const { failure, enabled, channel, codeFor, checkingCode, adding, askRemoval } = view;
  const stepUp = useSelector(biometric, stepUpChild);
  const headingId = useId();
  const list = useQuery({
    queryKey: ['passkeys'],
    queryFn: async ({ signal }) => {
      return (await unwrap(api.listPasskeys({ signal, retry: false }))).passkeys;
    },
  });

  // Say it when a flow finishes: the list changes under the customer's eyes.
  const finished = useRef(view.finishing);
  useEffect(() => {
    if (view.idle && finished.current === 'enable' && !failure) notify.success(t('passkeys.section.added'));
    if (view.idle && finished.current === 'disable' && !failure) notify.success(t('passkeys.section.removedAll'));
    if (view.idle && finished.current === 'remove' && !failure) notify.success(t('passkeys.section.removed'));
    finished.current = view.finishing;
  }, [view.idle, view.finishing, failure, t]);

  const busy = !view.idle;

  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('passkeys.section.title')}</h2>
      <p className="page-lead">{t('passkeys.section.lead')}</p>
      <FormAlert>{failure ? <FailureText t={t} failure={failure} /> : null}</FormAlert>

      {codeFor === 'enable' ? (
        <CodeForm
          lead={t(channel === 'sms' ? 'passkeys.code.lead_sms' : 'passkeys.code.lead_email')}
          busy={checkingCode}
          onSubmit={view.submitCode}
          onCancel={view.cancel}
        />
      ) : null}
      {codeFor === 'disable' ? (
        <CodeForm
          lead={`${t('passkeys.code.disableLead')} ${t(channel === 'sms' ? 'passkeys.code.lead_sms' : 'passkeys.code.lead_email')}`}
          busy={checkingCode}
          onSubmit={view.submitCode}
          onCancel={view.cancel}
        />
      ) : null}

      {list.isPending ? (
        <p className="hint" role="status">
          {t('passkeys.section.loading')}
        </p>
      ) : list.isError ? (
        <p className="form-alert" role="alert">
          {t('passkeys.section.loadFailed')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="hint">{t('passkeys.section.empty')}</p>
      ) : (
        <ul className="passkey-list" aria-label={t('passkeys.section.listLabel')}>
          {list.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              asked={view.removalAsked === passkey.id}
              removing={view.removing === passkey.id}
              onAskRemoval={askRemoval ? () => askRemoval(passkey.id) : null}
              onConfirmRemoval={view.confirmRemoval}
              onKeep={view.keep}
            />
          ))}
        </ul>
      )}

      <StepUpSheet actor={stepUp} />

      <div className="button-row">
        <Button variant="primary" disabled={busy} busy={adding} onClick={view.add}>
          {adding ? t('passkeys.section.adding') : t('passkeys.section.add')}
        </Button>
        {enabled ? (
          <Button disabled={busy} onClick={view.removeAll}>
            {t('passkeys.section.disableAll')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
