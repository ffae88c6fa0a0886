import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNameLocked, NAME_MAX_LENGTH } from '../../../contract/fields';
import { updateNameMachine } from '../../../machines/updateName/updateName.machine';
import { updateNameActors } from '../../app/actors/updateName';
import { useMe } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';

type NameField = 'firstName' | 'lastName';

/**
 * /profile/details: the name, editable until the identity check verified it (then shown read-only, as the
 * server refuses it with `name_locked`; an empty one stays editable); e-mail and phone as facts. A refusal keeps what was typed.
 */
export function DetailsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [typed, setTyped] = useState<Partial<Record<NameField, string>>>({});
  const save = useWrite(updateNameMachine, updateNameActors);
  const customer = me.data;
  if (!customer) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  const locked = isNameLocked(customer.kycStatus, customer.firstName, customer.lastName) || save.failure?.code === 'name_locked';
  const value = (field: NameField) => typed[field] ?? customer[field] ?? '';

  const problem = (field: NameField) => save.problems?.[field];
  const field = (name: NameField, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      maxLength={NAME_MAX_LENGTH + 20}
      value={value(name)}
      readOnly={locked}
      onChange={(event) => {
        save.edit();
        setTyped((previous) => ({ ...previous, [name]: event.target.value }));
      }}
      error={problem(name) ? t(`profile.details.errors.${problem(name)}`) : null}
    />
  );
  const { failure } = save;

  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profileDetails.lead')}</p>
      {/* The kit's form lays out its fields; the card around it is this page's. */}
      <div className="card">
        <Form busy={save.busy} onSubmit={() => save.submit({ firstName: value('firstName'), lastName: value('lastName') })}>
          <FormAlert>{failure ? failureText(t, 'profile.details.errors', failure) : null}</FormAlert>
          {locked ? (
            <p className="notice" data-testid="name-locked">
              {t('profile.details.locked')}
            </p>
          ) : null}
          {field('firstName', t('profile.details.firstName'), 'given-name')}
          {field('lastName', t('profile.details.lastName'), 'family-name')}
          <p role="status" className="notice">
            {save.done ? t('profile.details.saved') : null}
          </p>
          {locked ? null : (
            <Button variant="primary" type="submit" busy={save.busy}>
              {t('profile.details.save')}
            </Button>
          )}
        </Form>
      </div>
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
