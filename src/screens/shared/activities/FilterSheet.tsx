import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityStatus, type ActivityType } from '../../../../contract/activities';
import { useLocale } from '../../../app/context';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/Form';
import { DAY_FIELD_BOUNDS, dayOutOfRangeError } from '../../../ui/dayBounds';
import { Sheet } from '../../../ui/Sheet';
import { SelectField, TextField } from '../../../ui/TextField';
import type { ActivityFilters } from './filters';
import type { AccountChoice } from './useAccountChoices';

/**
 * The filters in a sheet: chosen together, shown with one press (one step in the browser's history).
 * `accounts` is null where the list belongs to one account already (card activity).
 */
export function FilterSheet({
  open,
  filters,
  accounts,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: ActivityFilters;
  accounts: AccountChoice[] | null;
  onApply: (filters: ActivityFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const [tried, setTried] = useState(false);
  const locale = useLocale();
  const backwards = draft.from !== null && draft.to !== null && draft.from > draft.to;
  const fromOutside = dayOutOfRangeError(t, locale, draft.from);
  const toOutside = dayOutOfRangeError(t, locale, draft.to);
  const set = (change: Partial<ActivityFilters>) => setDraft((current) => ({ ...current, ...change }));
  const any = <T extends string>(value: string) => (value === '' ? null : (value as T));

  return (
    <Sheet open={open} onClose={onClose} title={t('activities.filters.title')}>
      <div className="filter-form">
        <Form
          busy={false}
          onSubmit={() => {
            setTried(true);
            if (!backwards && !fromOutside && !toOutside) onApply(draft);
          }}
        >
          {accounts ? (
            <SelectField
              label={t('activities.filters.account')}
              value={draft.accountId ?? ''}
              onChange={(event) => set({ accountId: any(event.target.value) })}
              options={
                <>
                  <option value="">{t('activities.filters.allAccounts')}</option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name} ({account.currency})
                    </option>
                  ))}
                </>
              }
            />
          ) : null}
          <SelectField
            label={t('activities.filters.type')}
            value={draft.type ?? ''}
            onChange={(event) => set({ type: any<ActivityType>(event.target.value) })}
            options={
              <>
                <option value="">{t('activities.filters.allTypes')}</option>
                {ACTIVITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`activities.type.${type}`)}
                  </option>
                ))}
              </>
            }
          />
          <SelectField
            label={t('activities.filters.status')}
            value={draft.status ?? ''}
            onChange={(event) => set({ status: any<ActivityStatus>(event.target.value) })}
            options={
              <>
                <option value="">{t('activities.filters.allStatuses')}</option>
                {ACTIVITY_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`activities.status.${status}`)}
                  </option>
                ))}
              </>
            }
          />
          <div className="filter-dates">
            <TextField
              type="date"
              {...DAY_FIELD_BOUNDS}
              label={t('activities.filters.from')}
              value={draft.from ?? ''}
              onChange={(event) => set({ from: any(event.target.value) })}
              error={tried ? fromOutside : undefined}
            />
            <TextField
              type="date"
              {...DAY_FIELD_BOUNDS}
              label={t('activities.filters.to')}
              value={draft.to ?? ''}
              onChange={(event) => set({ to: any(event.target.value) })}
              error={!tried ? undefined : (toOutside ?? (backwards ? t('activities.filters.backwards') : undefined))}
            />
          </div>
          <div className="button-row">
            <Button variant="primary" type="submit">
              {t('activities.filters.apply')}
            </Button>
            <Button
              onClick={() => {
                setTried(false);
                setDraft({ ...draft, accountId: accounts ? null : draft.accountId, type: null, status: null, from: null, to: null });
              }}
            >
              {t('activities.filters.reset')}
            </Button>
          </div>
        </Form>
      </div>
    </Sheet>
  );
}
