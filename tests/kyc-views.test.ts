import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom } from 'xstate';
import { QUESTIONNAIRE_TEXT_LENGTH, type KycApplication } from '../contract/kyc';
import { kycMachine } from '../machines/kyc/kyc.machine';
import { kycView } from '../machines/kyc/kyc.view';
import { answer, kycQuestionnaireMachine } from '../machines/kycQuestionnaire/kycQuestionnaire.machine';
import { kycQuestionnaireView } from '../machines/kycQuestionnaire/kycQuestionnaire.view';
import { kycSignatureMachine } from '../machines/kycSignature/kycSignature.machine';
import { kycSignatureView } from '../machines/kycSignature/kycSignature.view';

const application: KycApplication = {
  status: 'in_progress',
  steps: { document: 'done', phone: 'done', questionnaire: 'done', signature: 'todo' },
  document: { type: 'passport', country: 'DE', files: [] },
  person: { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-04-30' },
  questionnaire: {},
  signature: null,
  reason: null,
  submittedAt: null,
  editable: true,
};

describe('kycView', () => {
  const view = (value: string, app: KycApplication | null) =>
    kycView(kycMachine.resolveState({ value: value as never, context: { application: app, failure: null } }));

  it('shows skeletons until the draft is there, then the steps in order', () => {
    expect(view('loading', null)).toMatchObject({ loading: true, steps: [] });
    expect(view('overview', application).steps.map((step) => step.step)).toEqual(['document', 'phone', 'questionnaire', 'signature']);
  });

  it('offers submitting only with every step done and the check open', () => {
    expect(view('overview', application).canSubmit).toBe(false);
    const done = { ...application, steps: { ...application.steps, signature: 'done' as const } };
    expect(view('overview', done).canSubmit).toBe(true);
    expect(view('overview', { ...done, status: 'pending', editable: false }).canSubmit).toBe(false);
  });
});

describe('kycQuestionnaireView', () => {
  it('says an answer of spaces alone is missing, and a written one outside its length is too short or long', () => {
    const flow = createActor(kycQuestionnaireMachine, {
      snapshot: kycQuestionnaireMachine.resolveState({
        value: 'editing',
        context: { answers: {}, invalid: [], editable: true, answeredBefore: false, failure: null },
      }),
    }).start();
    const send = (event: EventFrom<typeof kycQuestionnaireMachine>) => flow.send(event);
    for (const [question, value] of [
      ['occupation', 'employed'],
      ['employer', '   '],
      ['sourceOfFunds', 'other'],
      ['sourceOfFundsDetail', `  ${'x'.repeat(QUESTIONNAIRE_TEXT_LENGTH.max + 1)}`],
      ['taxResidence', 'US'],
      ['taxId', '12'],
    ] as const)
      send({ type: 'ANSWERED', question, value });
    send({ type: 'SUBMITTED' });
    expect(kycQuestionnaireView(flow.getSnapshot()).errors).toEqual({
      employer: 'required',
      sourceOfFundsDetail: 'length',
      monthlyVolume: 'required',
      pep: 'required',
      taxId: 'invalid',
    });
    // Written within the limit (the spaces around it do not count): no longer refused.
    send({ type: 'ANSWERED', question: 'employer', value: `  Acme${' '.repeat(QUESTIONNAIRE_TEXT_LENGTH.max)}` });
    expect(kycQuestionnaireView(flow.getSnapshot()).errors).not.toHaveProperty('employer');
  });

  it('asks the follow-ups the answers lead to, and drops those of a changed answer', () => {
    const employed = answer({}, 'occupation', 'employed');
    const withEmployer = answer(employed, 'employer', 'Acme');
    const view = kycQuestionnaireView(
      kycQuestionnaireMachine.resolveState({
        value: 'editing',
        context: { answers: withEmployer, invalid: [], editable: true, answeredBefore: false, failure: null },
      }),
    );
    expect(view.questions).toContain('employer');
    expect(answer(withEmployer, 'occupation', 'student')).toEqual({ occupation: 'student' });
  });
});

describe('kycSignatureView', () => {
  it('counts drawn strokes, not taps', () => {
    const view = (strokes: [number, number][][]) =>
      kycSignatureView(
        kycSignatureMachine.resolveState({
          value: 'drawing',
          context: { strokes, tooShort: false, signedAt: null, editable: true, failure: null },
        }),
      );
    expect(view([[[1, 1]], [[2, 2]]])).toMatchObject({ enough: false, canUndo: true });
    expect(
      view([
        [
          [1, 1],
          [5, 5],
        ],
        [
          [2, 2],
          [8, 8],
        ],
      ]).enough,
    ).toBe(true);
  });
});
