import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors';

/** Hard cap on request bodies; the largest legitimate one (campaign tags) is under 3 KiB. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The raw text and parsed JSON of a request body. No body at all counts as `{}`, so the schema
 * names each missing field; a body in any other type than JSON is refused, which also keeps plain
 * HTML forms on other sites from posting here.
 */
export async function readJson(c: Context): Promise<{ raw: string; value: unknown }> {
  const raw = await c.req.text();
  if (raw === '') return { raw, value: {} };
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new ApiError('unsupported_media_type');
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    throw new ApiError('invalid_json');
  }
}

/** Field path → first message; unknown fields are named one by one; the whole body is `body`. */
function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'body';
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[name([...issue.path, key])] ??= 'Unknown field';
    } else {
      fields[name(issue.path)] ??= issue.message;
    }
  }
  return fields;
}

/** Parses with the contract schema, or answers 422 `validation_failed` naming every bad field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(value, {
    // Only the message of an absent field is ours; every other message comes from the schema.
    error: (issue) => (issue.input === undefined && issue.code === 'invalid_type' ? 'Required' : undefined),
  });
  if (result.success) return result.data;
  throw new ApiError('validation_failed', `The ${what} does not match the schema.`, { fields: issuesToFields(result.error.issues) });
}
