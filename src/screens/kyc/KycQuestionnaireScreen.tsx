import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FUND_SOURCES, MONTHLY_VOLUMES, OCCUPATIONS, QUESTIONNAIRE_TEXT_LENGTH, type KycQuestion } from '../../../contract/kyc';
import { kycQuestionnaireMachine } from '../../../machines/kycQuestionnaire/kycQuestionnaire.machine';
import { connectKycQuestionnaire } from '../../../machines/kycQuestionnaire/kycQuestionnaire.view';
import { kycQuestionnaireActors } from '../../app/actors/kyc';
import { useConnect, useFlowActor, useLocale } from '../../app/context';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { SelectField, TextField } from '../../ui/TextField';
import { countryOptions } from '../shared/countries';
import { BackToOverview, KycFailure, KycUnavailable } from './shared';

/** The questions with a fixed set of answers, and those answers. */
const CHOICES: Partial<Record<KycQuestion, readonly string[]>> = {
  occupation: OCCUPATIONS,
  sourceOfFunds: FUND_SOURCES,
  monthlyVolume: MONTHLY_VOLUMES,
  pep: ['no', 'yes'],
};

/** /kyc/questionnaire: the questions the answers lead to; the statechart checks them with the contract. */
export function KycQuestionnaireScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const view = useConnect(useFlowActor(kycQuestionnaireMachine, kycQuestionnaireActors), connectKycQuestionnaire);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  if (view.loading) return <ScreenSkeleton label={t('kyc.loading')} />;
  if (view.unavailable) return <KycUnavailable failure={view.failure} onRetry={view.retry} />;

  const valueOf = (question: KycQuestion): string => {
    const value = view.answers[question];
    return typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? '');
  };
  // The written answers' rule, said before it is broken (the field stops at the maximum) and when it is.
  const textLength = t('kyc.questionnaire.textLength', QUESTIONNAIRE_TEXT_LENGTH);
  const errorOf = (question: KycQuestion) => {
    const error = view.errors[question];
    return error === undefined ? null : error === 'length' ? textLength : t(`kyc.questionnaire.${error}`);
  };

  if (view.saved) {
    return (
      <div className="stack">
        <p role="status" className="notice">
          {t('kyc.questionnaire.saved')}
        </p>
        <dl className="kyc-answers">
          {view.questions.map((question) => (
            <div key={question}>
              <dt>{t(`kyc.questionnaire.questions.${question}`)}</dt>
              <dd>
                {CHOICES[question]
                  ? t(`kyc.questionnaire.options.${question}.${valueOf(question)}`)
                  : question === 'taxResidence'
                    ? countries.find((country) => country.code === valueOf(question))?.name
                    : valueOf(question)}
              </dd>
            </div>
          ))}
        </dl>
        {view.canEdit ? <Button onClick={view.edit}>{t('kyc.questionnaire.change')}</Button> : null}
        <BackToOverview />
      </div>
    );
  }

  return (
    <Form busy={view.busy} onSubmit={view.submit}>
      <p className="page-lead">{t('screens.kycQuestionnaire.lead')}</p>
      <FormAlert>{view.failure ? <KycFailure failure={view.failure} /> : null}</FormAlert>
      {view.questions.map((question) => {
        const label = t(`kyc.questionnaire.questions.${question}`);
        const choices = CHOICES[question];
        if (choices || question === 'taxResidence') {
          return (
            <SelectField
              key={question}
              label={label}
              name={question}
              value={valueOf(question)}
              onChange={(event) => view.answer(question, event.target.value)}
              error={errorOf(question)}
              options={
                <>
                  <option value="">{t('kyc.questionnaire.choose')}</option>
                  {choices
                    ? choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {t(`kyc.questionnaire.options.${question}.${choice}`)}
                        </option>
                      ))
                    : countries.map((country) => (
                        <option key={country.code} value={country.code}>
                          {country.name}
                        </option>
                      ))}
                </>
              }
            />
          );
        }
        return (
          <TextField
            key={question}
            label={label}
            name={question}
            dir={question === 'taxId' ? 'ltr' : undefined}
            value={valueOf(question)}
            onChange={(event) => view.answer(question, event.target.value)}
            error={errorOf(question)}
            maxLength={question === 'taxId' ? undefined : QUESTIONNAIRE_TEXT_LENGTH.max}
            hint={
              question === 'taxId' ? undefined : question === 'pepRole' ? `${t('kyc.questionnaire.pepHint')} ${textLength}` : textLength
            }
          />
        );
      })}
      <Button variant="primary" type="submit" busy={view.busy}>
        {view.busy ? t('kyc.questionnaire.saving') : t('kyc.questionnaire.save')}
      </Button>
    </Form>
  );
}
