import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatVoucherCode, VOUCHER_CODE_LENGTH, VOUCHER_GROUP_LENGTH } from '../../../contract/voucherCode';
import { payByCodeMachine } from '../../../machines/payByCode/payByCode.machine';
import { connectPayByCode } from '../../../machines/payByCode/payByCode.view';
import { payByCodeActors } from '../../app/actors/payByCode';
import { useConnect, useFlowActor, useLocalize, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { Money } from '../../ui/Money';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../ui/failureText';
import { TopUpLimit } from './TopUpLimit';
import './payByCode.css';

/** With its hyphens: 16 characters in groups of 4. */
const FORMATTED_LENGTH = VOUCHER_CODE_LENGTH + VOUCHER_CODE_LENGTH / VOUCHER_GROUP_LENGTH - 1;

/** /inject/pay-by-code: a voucher code, checked as it is typed and redeemed once. The payByCode statechart runs it. */
export function PayByCodeScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const system = useSystem();
  const flow = useFlowActor(payByCodeMachine, () => payByCodeActors(system));
  const view = useConnect(flow, connectPayByCode);

  if (view.redeemed) {
    return (
      <section className="card stack" aria-labelledby="code-redeemed">
        <h2 id="code-redeemed">{t('payByCode.redeemedTitle')}</h2>
        <p role="status">
          {t('payByCode.redeemed')} <Money amount={view.redeemed.amount} asset={view.redeemed.currency} />
        </p>
        <div className="button-row">
          <Button variant="primary" onClick={view.anotherCode}>
            {t('payByCode.another')}
          </Button>
          <Link to={localize('/accounts')}>{t('payByCode.viewAccounts')}</Link>
        </div>
      </section>
    );
  }

  const fieldError = view.problem
    ? t(`payByCode.problems.${view.problem}`)
    : view.failure?.code === 'validation_failed'
      ? t('payByCode.problems.check')
      : null;
  const formError = view.failure && view.failure.code !== 'validation_failed' ? failureText(t, 'payByCode.errors', view.failure) : null;

  return (
    <div className="pay-by-code">
      <Form busy={view.busy} onSubmit={view.submit}>
        <p className="page-lead">{t('payByCode.lead')}</p>
        <TopUpLimit />
        <TextField
          label={t('payByCode.code')}
          hint={t('payByCode.codeHint')}
          value={view.code}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={FORMATTED_LENGTH + 4}
          className="voucher-code-input"
          onChange={(event) => view.typeCode(formatVoucherCode(event.target.value))}
          error={fieldError}
          disabled={view.lockedOut}
        />
        <FormAlert>{view.lockedOut ? t('payByCode.lockedOut.wait', { count: view.waitMinutes }) : formError}</FormAlert>
        <Button variant="primary" block type="submit" busy={view.busy} disabled={view.lockedOut}>
          {t('payByCode.submit')}
        </Button>
      </Form>
    </div>
  );
}
