import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneChangeMachine, type NumberError } from '../../../machines/phoneChange/phoneChange.machine';
import type { CountryCode } from '../../../contract/countries';
import { LOCALE_TAGS } from '../../../contract/locales';
import { useConnect, useFlowActor, useLocale } from '../../app/context';
import { phoneChangeActors } from '../../app/actors/phoneChange';
import { PHONE_COUNTRIES, callingCode, formatPhone, parsePhoneInput } from '../../../contract/phoneNumbers';
import { connectPhoneChange } from '../../../machines/phoneChange/phoneChange.view';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { SelectField, TextField } from '../../ui/TextField';
import { ResendCode } from '../../ui/ResendCode';
import { CodeField } from '../../ui/CodeField';
import { codeFailureMessage } from './CodeFeedback';
import { StepUpSheet, stepUpChild } from './StepUpSheet';

const NBSP = '\u00a0';
/** As wide as a formatted number; the shimmer hides it. */
const PHONE_PLACEHOLDER = `+00${NBSP}000${NBSP}000${NBSP}0000`;

const NUMBER_ERROR_KEYS: Record<NumberError, string> = {
  missing: 'phone.errors.missing',
  phone_invalid: 'phone.errors.invalid',
  phone_unchanged: 'phone.errors.unchanged',
};

/**
 * The country choice, by the countries' names in the interface language, each with its calling code.
 * Only the number form renders it: naming and sorting 240 regions starts the browser's region names and
 * collation for the language, a long task (~120 ms at Lighthouse's phone speed) that used to run while
 * /profile/security was taken over, for a list nobody had opened.
 */
function CountrySelect({ value, onChange }: { value: CountryCode; onChange: (country: CountryCode) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const countries = useMemo(() => {
    const tag = LOCALE_TAGS[locale];
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    const collator = new Intl.Collator(tag);
    return PHONE_COUNTRIES.map((code) => ({ code, label: `${names.of(code) ?? code} (${callingCode(code)})` })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [locale]);
  return (
    <SelectField
      label={t('phone.country')}
      name="country"
      value={value}
      onChange={(e) => onChange(e.target.value as CountryCode)}
      options={countries.map((option) => (
        <option key={option.code} value={option.code}>
          {option.label}
        </option>
      ))}
    />
  );
}

/**
 * Set or change the phone number; the flow is the phoneChange statechart, this view only shows it.
 * `onConfirmed` hears whether the customer has a confirmed phone now (the page's notice offers the way on).
 */
export function PhoneSection({ onConfirmed }: { onConfirmed?: (confirmed: boolean) => void } = {}) {
  const { t } = useTranslation();
  const flow = useFlowActor(phoneChangeMachine, phoneChangeActors);
  const context = useSelector(flow, (s) => s.context);
  const view = useConnect(flow, connectPhoneChange);
  const id = useId();
  // What was typed stays here, whatever the flow answers.
  const [chosenCountry, setCountry] = useState<CountryCode | null>(null);
  // Until the customer picks one: the country of residence, once the profile is loaded.
  const country = chosenCountry ?? context.country;
  const [national, setNational] = useState('');
  const [code, setCode] = useState('');

  const { phone, email, newPhone, route, numberError, failure, saved, emailConfirmed } = context;
  // The e-mailed code, once right, leaves the field for the SMS code that follows.
  const [codeAfterEmail, setCodeAfterEmail] = useState(emailConfirmed);
  if (codeAfterEmail !== emailConfirmed) {
    setCodeAfterEmail(emailConfirmed);
    setCode('');
  }
  const { sending, confirming, removing } = view;
  const stepUp = useSelector(flow, stepUpChild);
  const confirmed = view.showingCurrent && phone !== null;
  useEffect(() => onConfirmed?.(confirmed), [onConfirmed, confirmed]);

  const submitNumber = () => {
    const parsed = parsePhoneInput(national, country);
    view.submitNumber(country, national, parsed.ok ? parsed.e164 : null);
  };
  const startEditing = () => {
    setNational('');
    setCode('');
    view.startEditing();
  };
  const numberMessage = numberError ? t(NUMBER_ERROR_KEYS[numberError]) : null;
  const preview = parsePhoneInput(national, country);
  const formattedNew = newPhone ? formatPhone(newPhone) : '';

  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="phone-section">
      <h2 id={`${id}-title`}>{t('phone.title')}</h2>

      {view.loading ? (
        // The current number's own lines, with its text (however it wraps) and a placeholder for the number,
        // and its button: the sections below do not move when it loads.
        <div className="stack" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <p aria-hidden="true">
            {t('phone.current')}{' '}
            <bdi dir="ltr" className="skeleton skeleton--inline phone-number">
              {PHONE_PLACEHOLDER}
            </bdi>
          </p>
          <p className="field-hint" aria-hidden="true">
            {t('phone.currentHint')}
          </p>
          <div className="skeleton skeleton--button" aria-hidden="true" />
        </div>
      ) : null}

      {view.loadFailed ? (
        <>
          <p role="alert">{t('phone.loadFailed')}</p>
          <Button onClick={view.retry}>{t('phone.retry')}</Button>
        </>
      ) : null}

      {view.showingCurrent ? (
        <>
          {phone ? (
            <>
              <p>
                {t('phone.current')}{' '}
                <bdi dir="ltr" className="phone-number" data-testid="phone-current">
                  {formatPhone(phone)}
                </bdi>
              </p>
              <p className="field-hint">{t('phone.currentHint')}</p>
            </>
          ) : (
            <p>{t('phone.none')}</p>
          )}
          <FormAlert>{failure && !view.confirmingRemoval && !removing ? codeFailureMessage(t, failure) : null}</FormAlert>
          <p role="status" className="notice">
            {saved === 'removed' ? t('phone.removed') : saved ? t('phone.saved') : null}
          </p>
          {(view.confirmingRemoval || removing) && phone ? (
            <div className="form-alert-inline" role="group" aria-labelledby={`${id}-remove`}>
              <p id={`${id}-remove`}>{t('phone.removeConfirm', { phone: formatPhone(phone), interpolation: { escapeValue: false } })}</p>
              <div className="button-row">
                <Button variant="danger" autoFocus busy={removing} onClick={view.confirmRemoval}>
                  {removing ? t('phone.removing') : t('phone.confirmRemove')}
                </Button>
                <Button disabled={removing} onClick={view.cancel}>
                  {t('phone.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="button-row">
              <Button block onClick={startEditing}>
                {phone ? t('phone.change') : t('phone.add')}
              </Button>
              {phone ? (
                <Button block onClick={view.remove}>
                  {t('phone.remove')}
                </Button>
              ) : null}
            </div>
          )}
        </>
      ) : null}
      <StepUpSheet actor={stepUp} />

      {view.askingNumber ? (
        <Form busy={sending} onSubmit={submitNumber}>
          <FormAlert>{failure ? codeFailureMessage(t, failure) : null}</FormAlert>
          <CountrySelect value={country} onChange={setCountry} />
          <TextField
            label={phone ? t('phone.newNumber') : t('phone.number')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            value={national}
            onChange={(e) => setNational(e.target.value)}
            error={numberMessage}
            hint={
              preview.ok ? (
                <>
                  {t('phone.preview')}{' '}
                  <bdi dir="ltr" data-testid="phone-preview">
                    {preview.international}
                  </bdi>
                </>
              ) : (
                t('phone.numberHint')
              )
            }
          />
          <Button variant="primary" block type="submit" busy={sending}>
            {sending ? t('phone.sending') : t('phone.continue')}
          </Button>
          <Button block disabled={sending} onClick={view.cancel}>
            {t('phone.cancel')}
          </Button>
        </Form>
      ) : null}

      {view.choosingChannel ? (
        <div className="stack" aria-busy={sending}>
          <p>
            {t('phone.newNumberIs')}{' '}
            <bdi dir="ltr" className="phone-number">
              {formattedNew}
            </bdi>
          </p>
          <FormAlert>{failure ? codeFailureMessage(t, failure) : null}</FormAlert>
          <fieldset className="choice-group">
            <legend>{t('phone.chooseChannel')}</legend>
            <ListRows>
              <ListRow
                label={t('phone.byEmail')}
                hint={
                  <>
                    {t('phone.byEmailHint')} <bdi dir="ltr">{email}</bdi>
                  </>
                }
                end={<Icon name="chevron" />}
                disabled={sending}
                onClick={() => view.chooseChannel('email')}
              />
              <ListRow
                label={t('phone.bySms')}
                hint={
                  <>
                    {t('phone.bySmsHint')} <bdi dir="ltr">{formattedNew}</bdi>
                  </>
                }
                end={<Icon name="chevron" />}
                disabled={sending}
                onClick={() => view.chooseChannel('sms')}
              />
            </ListRows>
          </fieldset>
          {sending ? <p role="status">{t('phone.sending')}</p> : null}
          <Button block disabled={sending} onClick={view.startEditing}>
            {t('phone.otherNumber')}
          </Button>
          <Button block disabled={sending} onClick={view.cancel}>
            {t('phone.cancel')}
          </Button>
        </div>
      ) : null}

      {view.askingCode ? (
        <Form busy={confirming} onSubmit={() => view.submitCode(code)}>
          {emailConfirmed ? (
            <p role="status" className="notice">
              {t('phone.emailConfirmed')}
            </p>
          ) : null}
          <p>
            {route === 'email' ? t('phone.codeSentEmail') : t('phone.codeSentSms')}{' '}
            <bdi dir="ltr" className="phone-number">
              {route === 'email' ? email : formattedNew}
            </bdi>
          </p>
          <CodeField label={t('phone.code')} value={code} onChange={setCode} error={failure ? codeFailureMessage(t, failure) : null} />
          <Button variant="primary" block type="submit" busy={confirming}>
            {confirming ? t('phone.confirming') : t('phone.confirm')}
          </Button>
          <ResendCode
            seconds={view.resendIn}
            sending={view.resending}
            disabled={confirming}
            resent={view.resent}
            error={view.resendFailure ? codeFailureMessage(t, view.resendFailure) : null}
            onResend={view.resend}
          />
          {view.otherChannel && !emailConfirmed ? (
            <Button block disabled={confirming} onClick={view.otherChannel}>
              {route === 'email' ? t('phone.useSmsInstead') : t('phone.useEmailInstead')}
            </Button>
          ) : null}
          <Button block disabled={confirming} onClick={view.cancel}>
            {t('phone.cancel')}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
