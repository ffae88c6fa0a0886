import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_MAX_DAYS, statementDays, type StatementFormat } from '../../../contract/statements';
import { accountsApi } from '../../api/accounts';
import { useApi, useLocale } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { DAY_FIELD_BOUNDS, dayOutOfRangeError } from '../../ui/dayBounds';
import { Sheet } from '../../ui/Sheet';
import { SelectField, TextField } from '../../ui/TextField';
import { useAccountChoices } from '../shared/activities/useAccountChoices';
import { useBalances } from '../shared/useBalances';

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Last calendar month (UTC, as the server counts days): what a statement is usually wanted for. */
export function lastMonth(today: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: iso(first), to: iso(last) };
}

/** Hands the file to the browser's downloads under the server's name. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the URL to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Statement": a sheet to choose the account, the days (last month unless changed) and CSV or PDF,
 * then the server's file is downloaded. A refused range or a failed download is said in the
 * customer's language and the sheet keeps what was chosen.
 */
export function StatementButton({ accountId }: { accountId?: string }) {
  const { t } = useTranslation();
  const api = useApi(accountsApi);
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(() => lastMonth(new Date()));
  const [chosen, setChosen] = useState(accountId ?? '');
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The accounts as the balances machine knows them (fiat, then crypto); views never fetch balances.
  const accounts = useAccountChoices();
  const balancesFailed = useBalances().error !== null && accounts.length === 0;
  const account = chosen || accounts[0]?.id || '';

  const locale = useLocale();
  const days = statementDays(range.from, range.to);
  const outside = dayOutOfRangeError(t, locale, range.from, range.to);
  const rangeError = Number.isNaN(days)
    ? t('statement.errors.dates')
    : (outside ??
      (days < 1
        ? t('statement.errors.order')
        : days > STATEMENT_MAX_DAYS
          ? t('statement.errors.tooLong', { count: STATEMENT_MAX_DAYS })
          : null));

  async function submit() {
    if (rangeError || !account) return;
    setBusy(true);
    setFailure(null);
    // The days, and every time in the file, are the customer's own, as the app shows them.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const result = await api.downloadStatement({ accountId: account, from: range.from, to: range.to, format, timeZone });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.error.code === 'not_found' ? t('statement.errors.notFound') : t('statement.errors.failed'));
      return;
    }
    save(result.data.blob, result.data.filename);
    setOpen(false);
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="statement-open">
        {t('statement.open')}
      </Button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('statement.title')} description={t('statement.lead')}>
        <div data-testid="statement-form">
          <Form busy={busy} onSubmit={() => void submit()}>
            <SelectField
              label={t('statement.account')}
              value={account}
              onChange={(event) => setChosen(event.target.value)}
              disabled={accounts.length === 0}
              error={balancesFailed ? t('statement.errors.accounts') : undefined}
              options={accounts.map((item) => (
                <option key={item.id} value={item.id}>
                  {`${item.name} · ${item.currency}`}
                </option>
              ))}
            />
            <TextField
              label={t('statement.from')}
              type="date"
              {...DAY_FIELD_BOUNDS}
              value={range.from}
              onChange={(event) => setRange({ ...range, from: event.target.value })}
            />
            <TextField
              label={t('statement.to')}
              type="date"
              {...DAY_FIELD_BOUNDS}
              value={range.to}
              onChange={(event) => setRange({ ...range, to: event.target.value })}
              error={rangeError}
            />
            <SelectField
              label={t('statement.format')}
              value={format}
              onChange={(event) => setFormat(event.target.value as StatementFormat)}
              options={
                <>
                  <option value="pdf">{t('statement.pdf')}</option>
                  <option value="csv">{t('statement.csv')}</option>
                </>
              }
            />
            <FormAlert>{failure}</FormAlert>
            <Button type="submit" variant="primary" block busy={busy} disabled={!account || Boolean(rangeError)}>
              {t('statement.download')}
            </Button>
          </Form>
        </div>
      </Sheet>
    </>
  );
}
