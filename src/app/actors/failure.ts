import type { ApiError } from '../../api/client';

/** What flow actors reject with: machines read the code, field messages and wait (machines/failure.ts). */
export function failure(error: ApiError): Error {
  return Object.assign(new Error(error.message), {
    code: error.code,
    retryAfterSeconds: error.retryAfterSeconds,
    fields: error.fields,
  });
}
