import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom } from 'xstate';
import { QUESTIONNAIRE_TEXT_LENGTH, type KycApplication } from '../contract/kyc';
import { kycMachine } from '../machines/kyc/kyc.machine';
import { connectKyc } from '../machines/kyc/kyc.view';
import { answer, kycQuestionnaireMachine } from '../machines/kycQuestionnaire/kycQuestionnaire.machine';
import { connectKycQuestionnaire } from '../machines/kycQuestionnaire/kycQuestionnaire.view';
import { kycSignatureMachine } from '../machines/kycSignature/kycSignature.machine';
import { connectKycSignature } from '../machines/kycSignature/kycSignature.view';

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

/** Each intent's event, as the flow would get it. */
const sent: unknown[] = [];
const record = (event: unknown) => void sent.push(event);

describe('connectKyc', () => {
  const view = (value: string, app: KycApplication | null) =>
    connectKyc(kycMachine.resolveState({ value: value as never, context: { application: app, failure: null } }), record);

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

  it('submits for review, and reads the draft again after it could not be read', () => {
    sent.length = 0;
    view('overview', application).submit();
    const unavailable = view('unavailable', null);
    expect(unavailable.unavailable).toBe(true);
    unavailable.retry();
    expect(sent).toEqual([{ type: 'SUBMITTED' }, { type: 'RETRY' }]);
  });
});

describe('connectKycQuestionnaire', () => {
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
    expect(connectKycQuestionnaire(flow.getSnapshot(), record).errors).toEqual({
      employer: 'required',
      sourceOfFundsDetail: 'length',
      monthlyVolume: 'required',
      pep: 'required',
      taxId: 'invalid',
    });
    // Written within the limit (the spaces around it do not count): no longer refused.
    send({ type: 'ANSWERED', question: 'employer', value: `  Acme${' '.repeat(QUESTIONNAIRE_TEXT_LENGTH.max)}` });
    expect(connectKycQuestionnaire(flow.getSnapshot(), record).errors).not.toHaveProperty('employer');
  });

  it('asks the follow-ups the answers lead to, and drops those of a changed answer', () => {
    const employed = answer({}, 'occupation', 'employed');
    const withEmployer = answer(employed, 'employer', 'Acme');
    const view = connectKycQuestionnaire(
      kycQuestionnaireMachine.resolveState({
        value: 'editing',
        context: { answers: withEmployer, invalid: [], editable: true, answeredBefore: false, failure: null },
      }),
      record,
    );
    expect(view.questions).toContain('employer');
    expect(answer(withEmployer, 'occupation', 'student')).toEqual({ occupation: 'student' });
  });

  it('sends each answer as the field holds it (yes / no as a boolean, an unchosen one as none), saves, and changes saved answers', () => {
    sent.length = 0;
    const view = connectKycQuestionnaire(
      kycQuestionnaireMachine.resolveState({
        value: 'editing',
        context: { answers: {}, invalid: [], editable: true, answeredBefore: false, failure: null },
      }),
      record,
    );
    view.answer('pep', 'yes');
    view.answer('pep', 'no');
    view.answer('pep', '');
    view.answer('employer', 'Acme');
    view.submit();
    view.edit();
    view.retry();
    expect(sent).toEqual([
      { type: 'ANSWERED', question: 'pep', value: true },
      { type: 'ANSWERED', question: 'pep', value: false },
      { type: 'ANSWERED', question: 'pep', value: undefined },
      { type: 'ANSWERED', question: 'employer', value: 'Acme' },
      { type: 'SUBMITTED' },
      { type: 'EDIT_REQUESTED' },
      { type: 'RETRY' },
    ]);
  });
});

describe('connectKycSignature', () => {
  it('counts drawn strokes, not taps', () => {
    const view = (strokes: [number, number][][]) =>
      connectKycSignature(
        kycSignatureMachine.resolveState({
          value: 'drawing',
          context: { strokes, tooShort: false, signedAt: null, editable: true, failure: null },
        }),
        record,
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

  it('sends the strokes, undo, clear, the pad’s image and signing again as the machine’s events', () => {
    sent.length = 0;
    const at = (value: string) =>
      connectKycSignature(
        kycSignatureMachine.resolveState({
          value: value as never,
          context: { strokes: [], tooShort: false, signedAt: null, editable: true, failure: null },
        }),
        record,
      );
    const drawing = at('drawing');
    drawing.draw([
      [1, 1],
      [5, 5],
    ]);
    drawing.undo();
    drawing.clear();
    drawing.sign('data:image/png;base64,AAAA');
    const signed = at('signed');
    expect(signed).toMatchObject({ signed: true, canSignAgain: true });
    signed.signAgain();
    at('unavailable').retry();
    expect(sent).toEqual([
      {
        type: 'STROKE_DRAWN',
        stroke: [
          [1, 1],
          [5, 5],
        ],
      },
      { type: 'UNDONE' },
      { type: 'CLEARED' },
      { type: 'SUBMITTED', image: 'data:image/png;base64,AAAA' },
      { type: 'SIGN_AGAIN' },
      { type: 'RETRY' },
    ]);
  });
});
