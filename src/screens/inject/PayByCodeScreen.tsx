import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatVoucherCode, VOUCHER_CODE_LENGTH, VOUCHER_GROUP_LENGTH } from '../../../contract/voucherCode';
import { payByCodeMachine } from '../../../machines/payByCode/payByCode.machine';
import { payByCodeView } from '../../../machines/payByCode/payByCode.view';
import { payByCodeActors } from '../../app/actors/payByCode';
import { useFlowActor, useLocalize, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
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
  const view = useSelector(flow, payByCodeView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  if (view.step === 'redeemed' && view.redemption) {
    return (
      <section className="card stack" aria-labelledby="code-redeemed">
        <h2 id="code-redeemed">{t('payByCode.redeemedTitle')}</h2>
        <p role="status">
          {t('payByCode.redeemed')} <Money amount={view.redemption.amount} asset={view.redemption.currency} />
        </p>
        <div className="button-row">
          <Button variant="primary" onClick={() => flow.send({ type: 'ANOTHER_CODE' })}>
            {t('payByCode.another')}
          </Button>
          <Link to={localize('/accounts')}>{t('payByCode.viewAccounts')}</Link>
        </div>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'CODE_SUBMITTED' });
  };
  const fieldError = view.problem
    ? t(`payByCode.problems.${view.problem}`)
    : view.failure?.code === 'validation_failed'
      ? t('payByCode.problems.check')
      : null;
  const formError = view.failure && view.failure.code !== 'validation_failed' ? failureText(t, 'payByCode.errors', view.failure) : null;

  return (
    <form className="form pay-by-code" noValidate onSubmit={submit} aria-busy={view.busy}>
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
        onChange={(event) => flow.send({ type: 'CODE_CHANGED', code: formatVoucherCode(event.target.value) })}
        error={fieldError}
        disabled={view.step === 'lockedOut'}
      />
      <div className="form-alert" role="alert">
        {view.step === 'lockedOut' ? t('payByCode.lockedOut.wait', { count: view.waitMinutes }) : formError}
      </div>
      <Button variant="primary" block type="submit" busy={view.busy} disabled={view.step === 'lockedOut'}>
        {t('payByCode.submit')}
      </Button>
    </form>
  );
}
