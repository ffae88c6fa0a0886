import type { ComponentType } from 'react';
import { KycDocumentScreen } from './KycDocumentScreen';
import { KycPhoneScreen } from './KycPhoneScreen';
import { KycQuestionnaireScreen } from './KycQuestionnaireScreen';
import { KycScreen } from './KycScreen';
import { KycSignatureScreen } from './KycSignatureScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  kyc: KycScreen,
  kycDocument: KycDocumentScreen,
  kycPhone: KycPhoneScreen,
  kycQuestionnaire: KycQuestionnaireScreen,
  kycSignature: KycSignatureScreen,
};
