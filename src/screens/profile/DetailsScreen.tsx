import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH, requiredTextProblem } from '../../../contract/fields';
import type { Failure } from '../../../machines/failure';
import { profileApi } from '../../api/profile';
import { useApi, useMe, useSystem } from '../../app/context';
import { meQuery } from '../../app/me';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { unwrap } from '../../app/actors/unwrap';

type NameField = 'firstName' | 'lastName';
type NameError = NonNullable<ReturnType<typeof requiredTextProblem>>;

/**
 * /profile/details: the name, editable until the identity check is approved (then shown read-only, as the
 * server refuses it with `name_locked`); e-mail and phone as facts. A refusal keeps what was typed.
 */
export function DetailsScreen() {
  const { t } = useTranslation();
  const { api } = useSystem();
  const profile = useApi(profileApi);
  const queryClient = useQueryClient();
  const me = useMe();
  const [typed, setTyped] = useState<Partial<Record<NameField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<NameField, NameError>>>({});
  const save = useMutation({
    mutationFn: (body: Record<NameField, string>) => unwrap(profile.updateName(body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(meQuery(api).queryKey, saved);
      setTyped({});
    },
  });
  const customer = me.data;
  if (!customer) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  const locked =
    customer.kycStatus === 'approved' || customer.kycStatus === 'pending' || (save.error as Failure | null)?.code === 'name_locked';
  const value = (field: NameField) => typed[field] ?? customer[field] ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { firstName: value('firstName'), lastName: value('lastName') };
    const found = {
      firstName: requiredTextProblem(body.firstName, NAME_MAX_LENGTH),
      lastName: requiredTextProblem(body.lastName, NAME_MAX_LENGTH),
    };
    setErrors({ ...(found.firstName ? { firstName: found.firstName } : {}), ...(found.lastName ? { lastName: found.lastName } : {}) });
    if (!found.firstName && !found.lastName) save.mutate(body);
  };
  const field = (name: NameField, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      maxLength={NAME_MAX_LENGTH + 20}
      value={value(name)}
      readOnly={locked}
      onChange={(event) => {
        save.reset();
        setTyped((previous) => ({ ...previous, [name]: event.target.value }));
      }}
      error={errors[name] ? t(`profile.details.errors.${errors[name]}`) : null}
    />
  );
  const failure = save.error as Failure | null;

  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profileDetails.lead')}</p>
      <form className="form card" noValidate onSubmit={submit} aria-busy={save.isPending}>
        <div className="form-alert" role="alert" aria-live="assertive">
          {failure ? failureText(t, 'profile.details.errors', failure) : null}
        </div>
        {locked ? (
          <p className="notice" data-testid="name-locked">
            {t('profile.details.locked')}
          </p>
        ) : null}
        {field('firstName', t('profile.details.firstName'), 'given-name')}
        {field('lastName', t('profile.details.lastName'), 'family-name')}
        <p role="status" className="notice">
          {save.isSuccess ? t('profile.details.saved') : null}
        </p>
        {locked ? null : (
          <Button variant="primary" type="submit" busy={save.isPending}>
            {t('profile.details.save')}
          </Button>
        )}
      </form>
      <dl className="fact-list card">
        <div className="fact">
          <dt>{t('profile.email')}</dt>
          <dd>
            <bdi dir="ltr">{customer.email}</bdi>
          </dd>
        </div>
        <div className="fact">
          <dt>{t('profile.phone')}</dt>
          <dd>{customer.phoneConfirmed && customer.phone ? <bdi dir="ltr">{customer.phone}</bdi> : t('profile.notSet')}</dd>
        </div>
      </dl>
    </div>
  );
}
