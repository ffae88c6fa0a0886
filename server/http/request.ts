import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors';

/** Hard cap on request bodies; the largest legitimate one (campaign tags) is under 3 KiB. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** What a multipart body may add around its file: boundaries and part headers. */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

/**
 * The body limit of a request: the contract's upload endpoints take their file size plus the
 * multipart envelope, and only as multipart; everything else the JSON limit.
 */
export function bodyLimitOf(
  uploads: readonly { method: string; path: string; upload?: { maxBytes: number } }[],
  method: string,
  apiPath: string,
  contentType: string | undefined,
): number {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? '')) return BODY_LIMIT_BYTES;
  const spec = uploads.find(
    (entry) => entry.upload && entry.method === method && new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`).test(apiPath),
  );
  return spec?.upload ? spec.upload.maxBytes + MULTIPART_ENVELOPE_BYTES : BODY_LIMIT_BYTES;
}

/**
 * The one file of a multipart upload, from its form field: 415 for any other body, 422 naming the
 * field when it is missing, 413 past the endpoint's size. The media type it claims is not read.
 */
export async function readUpload(c: Context, upload: { field: string; maxBytes: number }): Promise<Uint8Array> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) throw new ApiError('unsupported_media_type');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError('validation_failed', 'The body is not a readable multipart form.', { fields: { body: 'Malformed' } });
  }
  const file = form.get(upload.field);
  if (!(file instanceof Blob)) {
    throw new ApiError('validation_failed', 'The body does not match the schema.', { fields: { [upload.field]: 'Required' } });
  }
  if (file.size > upload.maxBytes) throw new ApiError('payload_too_large', `The file is larger than ${upload.maxBytes} bytes.`);
  if (file.size === 0)
    throw new ApiError('validation_failed', 'The body does not match the schema.', { fields: { [upload.field]: 'Empty' } });
  return new Uint8Array(await file.arrayBuffer());
}

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

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'body';

/**
 * Keys that name an object's prototype machinery: harmless in our own code, but one careless spread
 * or merge (ours or a library's) would turn them into prototype pollution, so no request may use them.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What no schema should ever have to think about, anywhere in a body, query or path: NUL bytes (text
 * columns refuse them and C-string code cuts at them) and prototype keys. Walked without recursion,
 * since a 64 KiB body can nest deeper than the stack.
 */
function hostileInput(value: unknown): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  const pending: { value: unknown; path: readonly PropertyKey[] }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\0')) fields[fieldName(item.path)] ??= 'Must not contain NUL bytes';
    } else if (typeof item.value === 'object' && item.value !== null) {
      for (const [key, child] of Object.entries(item.value)) {
        const path = Array.isArray(item.value) ? [...item.path, Number(key)] : [...item.path, key];
        if (PROTOTYPE_KEYS.has(key)) fields[fieldName(path)] ??= 'Reserved name';
        else if (key.includes('\0')) fields[fieldName(path)] ??= 'Must not contain NUL bytes';
        else pending.push({ value: child, path });
      }
    }
  }
  return fields;
}

/** Refuses NUL bytes and prototype keys with 422 `validation_failed` naming them; see hostileInput. */
export function refuseHostileInput(value: unknown, what: 'body' | 'query' | 'path'): void {
  const fields = hostileInput(value);
  if (Object.keys(fields).length > 0) throw new ApiError('validation_failed', `The ${what} does not match the schema.`, { fields });
}

/** Field path → first message; unknown fields are named one by one; the whole body is `body`. */
function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  // No prototype, so whatever name a field has (even one a schema lets through) is just a name.
  const fields: Record<string, string> = Object.create(null);
  const name = fieldName;
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
  refuseHostileInput(value, what);
  const result = schema.safeParse(value, {
    // Only the message of an absent field is ours; every other message comes from the schema.
    error: (issue) => (issue.input === undefined && issue.code === 'invalid_type' ? 'Required' : undefined),
  });
  if (result.success) return result.data;
  throw new ApiError('validation_failed', `The ${what} does not match the schema.`, { fields: issuesToFields(result.error.issues) });
}
