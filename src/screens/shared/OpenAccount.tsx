import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../../contract/assets';
import { openAccountMachine } from '../../../machines/openAccount/openAccount.machine';
import { openAccountActors } from '../../app/actors/openAccount';
import { useSystem } from '../../app/context';
import { useWrite } from '../../app/useWrite';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { SelectField } from '../../ui/TextField';
import { FailureMessage } from './FailureMessage';

/**
 * Opens an account in a currency the customer does not hold yet (only of `kind` when given), one use of the
 * openAccount write machine. `show` opens the new account's page; without it the balances refresh in place.
 */
export function OpenAccount({ held, kind, show }: { held: string[]; kind?: 'fiat' | 'crypto'; show: boolean }) {
  const { t } = useTranslation();
  const system = useSystem();
  const open = useWrite(openAccountMachine, () => openAccountActors(system, { show }));
  const available = ASSETS.filter((asset) => !held.includes(asset.code) && (kind === undefined || asset.kind === kind));
  const [currency, setCurrency] = useState<Asset | ''>('');
  const chosen = currency && available.some((asset) => asset.code === currency) ? currency : (available[0]?.code ?? '');
  const headingId = useId();
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('accounts.open.title')}
      </h2>
      {available.length ? (
        <Form
          busy={open.busy}
          onSubmit={() => {
            if (chosen) open.submit({ currency: chosen });
          }}
        >
          <SelectField
            label={t('accounts.open.currency')}
            value={chosen}
            onChange={(event) => {
              setCurrency(event.target.value as Asset);
              open.edit();
            }}
            options={available.map((asset) => (
              <option key={asset.code} value={asset.code}>
                {t(`accounts.open.kind.${asset.kind}`, { code: asset.code })}
              </option>
            ))}
          />
          {open.failure ? (
            <FormAlert>
              <FailureMessage scope="errors" failure={open.failure} />
            </FormAlert>
          ) : null}
          <Button type="submit" variant="primary" busy={open.busy}>
            {t('accounts.open.submit')}
          </Button>
        </Form>
      ) : (
        <p className="hint-text">{t('accounts.open.allHeld')}</p>
      )}
    </section>
  );
}
