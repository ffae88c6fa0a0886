import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { KycDocumentBody, KycDocumentSide, KycSignatureBody, QuestionnaireAnswers } from '../../contract/kyc';

/** Identity checks. */
export const kycApi = defineApi((client) => ({
  // Identity checks.
  getKyc: (options?: ReadOptions) => client.call(routes.getKyc, options),
  saveKycDocument: (body: KycDocumentBody) => client.call(routes.saveKycDocument, { body }),
  uploadKycDocument: (side: KycDocumentSide, file: Blob) => {
    const form = new FormData();
    form.set('file', file);
    return client.upload(routes.uploadKycDocument, form, { pathParams: { side } });
  },
  saveKycQuestionnaire: (answers: QuestionnaireAnswers) => client.call(routes.saveKycQuestionnaire, { body: { answers } }),
  getKycQuestionnaireDraft: () => client.call(routes.getKycQuestionnaireDraft),
  saveKycQuestionnaireDraft: (answers: QuestionnaireAnswers) => client.call(routes.saveKycQuestionnaireDraft, { body: { answers } }),
  signKyc: (body: KycSignatureBody) => client.call(routes.signKyc, { body }),
  submitKyc: () => client.call(routes.submitKyc),
}));
