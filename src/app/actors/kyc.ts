import { fromPromise } from 'xstate';
import { kycApi } from '../../api/kyc';
import type { KycApplication } from '../../../contract/kyc';
import type { kycMachine } from '../../../machines/kyc/kyc.machine';
import type { kycDocumentMachine } from '../../../machines/kycDocument/kycDocument.machine';
import type { kycQuestionnaireMachine } from '../../../machines/kycQuestionnaire/kycQuestionnaire.machine';
import type { kycSignatureMachine } from '../../../machines/kycSignature/kycSignature.machine';
import { asError } from '../../../machines/parts/failure';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The draft as every KYC screen reads it; a change also refreshes what the profile and levels show. */
function kycCalls({ client, queryClient }: Pick<FlowHost, 'client' | 'queryClient'>) {
  const api = kycApi(client);
  const changed = <T>(answer: T) => {
    void queryClient.invalidateQueries({ queryKey: ['kyc'] });
    return answer;
  };
  return {
    loadApplication: fromPromise<KycApplication, void>(() => unwrap(api.getKyc())),
    changed,
  };
}

/** The /kyc overview. */
export function kycActors(host: FlowHost) {
  const { loadApplication, changed } = kycCalls(host);
  return {
    actors: {
      loadApplication,
      submitApplication: fromPromise(() => unwrap(kycApi(host.client).submitKyc()).then(changed)),
    },
  } satisfies Parameters<typeof kycMachine.provide>[0];
}

export function kycQuestionnaireActors(host: FlowHost) {
  const { loadApplication, changed } = kycCalls(host);
  return {
    actors: {
      loadApplication,
      saveAnswers: fromPromise(({ input }) => unwrap(kycApi(host.client).saveKycQuestionnaire(input.answers)).then(changed)),
      loadAnswersDraft: fromPromise(() => unwrap(kycApi(host.client).getKycQuestionnaireDraft())),
      saveAnswersDraft: fromPromise(({ input }) => unwrap(kycApi(host.client).saveKycQuestionnaireDraft(input.answers))),
    },
  } satisfies Parameters<typeof kycQuestionnaireMachine.provide>[0];
}

export function kycSignatureActors(host: FlowHost) {
  const { loadApplication, changed } = kycCalls(host);
  return {
    actors: {
      loadApplication,
      saveSignature: fromPromise(({ input }) => unwrap(kycApi(host.client).signKyc(input)).then(changed)),
    },
  } satisfies Parameters<typeof kycSignatureMachine.provide>[0];
}

/** The back camera when there is one; refused, absent or insecure pages reject (the screen offers upload). */
async function startCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw asError({ code: 'camera_unavailable' });
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  } catch (error) {
    throw asError({ code: 'camera_refused' }, error);
  }
}

export function kycDocumentActors(host: FlowHost) {
  const { loadApplication, changed } = kycCalls(host);
  return {
    actors: {
      loadApplication,
      saveDocument: fromPromise(({ input }) => unwrap(kycApi(host.client).saveKycDocument(input)).then(changed)),
      startCamera: fromPromise<unknown, void>(startCamera),
      uploadSide: fromPromise(({ input }) => unwrap(kycApi(host.client).uploadKycDocument(input.side, input.file)).then(changed)),
    },
    actions: {
      stopCamera: (_: unknown, { stream }: { stream: unknown }) => {
        if (stream instanceof MediaStream) for (const track of stream.getTracks()) track.stop();
      },
    },
  } satisfies Parameters<typeof kycDocumentMachine.provide>[0];
}
