import { z } from 'zod';
import { userSettingsSchema, utmTrackingBodySchema } from './app';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Body extends z.ZodType | undefined, Answer extends z.ZodType> {
  method: HttpMethod;
  path: string;
  body: Body;
  answer: Answer;
}

function endpoint<Body extends z.ZodType | undefined, Answer extends z.ZodType>(
  method: HttpMethod,
  path: string,
  body: Body,
  answer: Answer,
): Endpoint<Body, Answer> {
  return { method, path, body, answer };
}

/** Every call the client makes, once. The server implements the same table. */
export const endpoints = {
  getUserSettings: endpoint('GET', '/user-settings', undefined, userSettingsSchema.partial()),
  saveUserSettings: endpoint('POST', '/user-settings', userSettingsSchema.partial(), z.unknown()),
  trackUtm: endpoint('POST', '/utm-tracking', utmTrackingBodySchema, z.unknown()),
};
