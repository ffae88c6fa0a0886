import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { StepUpActionBody, StepUpVerifyBody } from '../../contract';

/** The one step-up (passkey or code) that sensitive actions ask for, whichever flow runs it. */
export const stepUpApi = defineApi((client) => ({
  stepUpOptions: (body: StepUpActionBody, options?: Pick<ReadOptions, 'signal'>) => client.call(routes.stepUpOptions, { ...options, body }),
  stepUpCode: (body: StepUpActionBody) => client.call(routes.stepUpCode, { body }),
  stepUpVerify: (body: StepUpVerifyBody) => client.call(routes.stepUpVerify, { body }),
}));
