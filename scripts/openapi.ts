// Builds the OpenAPI 3.1 document and docs/api.md from the contract (contract) and the
// server's policy constants, so the reference cannot drift from what the server enforces.
import { z } from 'zod';
import { emailSchema, meSchema } from '../contract/auth';
import { countryCodeSchema } from '../contract/countries';
import { CUSTOMER_RULES, type CustomerRule } from '../contract/customerRules';
import { endpoints, type EndpointSpec } from '../contract/endpoints';
import { API_ERRORS, apiErrorBodySchema, type ApiErrorCode } from '../contract/errors';
import { emptyBodySchema, localeSchema } from '../contract/common';
import { KYC_DOCUMENT_SIDES } from '../contract/kyc';
import { FIELD_DOCS, NAMED_MONEY_SCHEMAS } from './api-field-docs';
import { BODY_LIMIT_BYTES } from '../server/http/request';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../server/http/idempotency';
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '../server/services/codes';
import { BACKOFFS, COOLDOWNS, RATE_LIMITS } from '../server/services/rate-limit';
import { DEFAULT_SESSION_LIFETIME } from '../server/config';
import { ACCESS_TOKEN_SECONDS, LAST_ACTIVE_RESOLUTION_SECONDS, REFRESH_REUSE_GRACE_SECONDS } from '../server/services/tokens';

type Json = Record<string, unknown>;
type AnySpec = EndpointSpec<z.ZodType | undefined, z.ZodType, 'none' | 'optional' | 'bearer', z.ZodType | undefined>;

/**
 * Names for the schemas used in many places (written once under components.schemas), and what JSON
 * Schema cannot learn from zod itself. A registry of our own rather than zod's global one, which a
 * second import of this module would fill twice.
 */
const named = z.registry<{ id?: string; format?: string; description?: string }>();
named.add(countryCodeSchema, { id: 'CountryCode', description: 'ISO 3166-1 alpha-2 code, upper case (contract/countries.ts).' });
named.add(localeSchema, { id: 'Locale', description: 'An interface language.' });
named.add(meSchema, { id: 'Me' });
named.add(apiErrorBodySchema, { id: 'Error' });
for (const [schema, id] of NAMED_MONEY_SCHEMAS) named.add(schema, { id });
// The e-mail schema trims and lower-cases before it checks, so its input side is a plain string.
named.add(emailSchema, { format: 'email' });

/** Turns zod schemas into JSON Schema, collecting the named ones for components.schemas. */
function schemaCollector() {
  const components: Record<string, Json> = {};
  const relink = (value: Json) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
  function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
    const {
      $schema: _dialect,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, {
      io,
      metadata: named,
      unrepresentable: 'throw',
      // Field descriptions (scripts/api-field-docs.ts) go next to the fields they describe.
      override: ({ zodSchema, jsonSchema: out }) => {
        const fields = FIELD_DOCS.get(zodSchema);
        const properties = out.properties as Record<string, Json> | undefined;
        for (const [name, description] of Object.entries(fields ?? {})) if (properties?.[name]) properties[name].description = description;
      },
    }) as Json & {
      $defs?: Record<string, Json>;
    };
    // A named schema comes back as a $ref to its own definition, which lands in components too.
    const finish = io === 'output' ? (value: Json) => openObjects(relink(value)) : relink;
    for (const [id, definition] of Object.entries($defs ?? {})) components[id] = finish(definition);
    return finish(rest);
  }
  return { jsonSchema, components };
}

const entries = Object.entries(endpoints) as [string, AnySpec][];

/** How the reference names what an endpoint `requires`. */
const RULE_WORDS: Record<CustomerRule, string> = {
  'email-verified': 'verified e-mail',
  'phone-confirmed': 'confirmed phone',
  'kyc-approved': 'approved KYC',
  'terms-accepted': 'the current terms accepted',
};

/** The codes an endpoint may answer: its own plus those that come with its kind. */
function errorCodes(spec: AnySpec): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(spec.errors ?? []);
  if (spec.body) (spec.form || spec.upload ? [] : ['invalid_json']).forEach((code) => codes.add(code as ApiErrorCode));
  if (spec.body || spec.upload) {
    ['unsupported_media_type', 'validation_failed'].forEach((code) => codes.add(code as ApiErrorCode));
  }
  // The body limit holds for every request that may carry one, whether the endpoint reads it or not.
  if (spec.method !== 'GET' && spec.method !== 'HEAD') codes.add('payload_too_large');
  // Anyone without the role is told the endpoint does not exist, and outside demo mode its tools are not there.
  if (spec.role || spec.demoMode || spec.demoOnly) codes.add('not_found');
  // Every endpoint refuses a NUL byte or a prototype key in its path or query (server/http/request.ts).
  codes.add('validation_failed');
  if (spec.sameOrigin) codes.add('cross_origin_refused');
  // An ended session says why: idle, past its end, or ended for too many wrong step-up codes.
  if (spec.auth === 'bearer') {
    ['unauthorized', 'session_idle', 'session_expired', 'session_wrong_codes'].forEach((code) => codes.add(code as ApiErrorCode));
  }
  spec.requires?.forEach((rule) => codes.add(CUSTOMER_RULES[rule]));
  if (spec.idempotent) ['idempotency_key_required', 'idempotency_key_reused'].forEach((code) => codes.add(code as ApiErrorCode));
  ['temporarily_unavailable', 'internal_error'].forEach((code) => codes.add(code as ApiErrorCode));
  return [...codes].sort((a, b) => API_ERRORS[a].status - API_ERRORS[b].status || a.localeCompare(b));
}

function bodyType(spec: AnySpec): string {
  return spec.form ? 'application/x-www-form-urlencoded' : spec.upload ? 'multipart/form-data' : 'application/json';
}

/** `/activities/:id` as OpenAPI writes paths: `/activities/{id}`. */
export function openApiPath(path: string): string {
  return path.replaceAll(/:(\w+)/g, '{$1}');
}

/**
 * What a path parameter may hold. The contract names no schema for them: each is an id the server looks
 * up (an unknown or malformed one is the same 404), except the document side, which is one of a list.
 */
function pathParameters(path: string): Json[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'side' ? { type: 'string', enum: [...KYC_DOCUMENT_SIDES] } : { type: 'string', minLength: 1, maxLength: 200 },
  }));
}

/** An answer's objects are open: clients must ignore fields they do not know, so fields can be added. */
function openObjects(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) && (value as Json).additionalProperties === false
      ? Object.fromEntries(Object.entries(value as Json).filter(([name]) => name !== 'additionalProperties'))
      : value,
  ) as Json;
}

function requestBody(spec: AnySpec, jsonSchema: (schema: z.core.$ZodType, io: 'input' | 'output') => Json): Json | undefined {
  if (spec.upload) {
    const file = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `The file's bytes, at most ${spec.upload.maxBytes} (413 \`payload_too_large\` beyond).`,
    };
    const schema = { type: 'object', properties: { [spec.upload.field]: file }, required: [spec.upload.field] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (!spec.body) return undefined;
  // A command without input may be sent with no body at all.
  return { required: spec.body !== emptyBodySchema, content: { [bodyType(spec)]: { schema: jsonSchema(spec.body, 'input') } } };
}

/** The one error shape, with the codes this status may carry on this endpoint as an enum. */
function errorSchema(codes: ApiErrorCode[], errorRef: Json): Json {
  return {
    allOf: [errorRef, { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } }],
  };
}

export function buildOpenApi(): Json {
  const { jsonSchema, components } = schemaCollector();
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, spec] of entries) {
    const errorsByStatus = new Map<number, ApiErrorCode[]>();
    for (const code of errorCodes(spec)) {
      const status = API_ERRORS[code].status;
      errorsByStatus.set(status, [...(errorsByStatus.get(status) ?? []), code]);
    }
    const parameters: Json[] = pathParameters(spec.path);
    if (spec.query) {
      const query = jsonSchema(spec.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    if (spec.idempotent) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } });
    }
    const operation: Json = {
      operationId,
      summary: spec.summary,
      ...(spec.demoOnly ? { description: 'Demo mode only: never in production, and answered only to callers on the same machine.' } : {}),
      security: spec.auth === 'bearer' ? [{ bearer: [] }] : spec.auth === 'optional' ? [{}, { bearer: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(spec.body || spec.upload ? { requestBody: requestBody(spec, jsonSchema) } : {}),
      responses: {
        [String(spec.status ?? 200)]:
          spec.status === 303
            ? {
                description: 'See Other: the browser goes on to the page named in `Location`.',
                headers: { Location: { schema: { type: 'string' } } },
              }
            : spec.download
              ? {
                  description: 'A file to save (`Content-Disposition: attachment`), not JSON.',
                  content: Object.fromEntries(spec.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
                }
              : spec.eventStream
                ? {
                    description: 'Server-Sent Events: each event’s `data` is JSON of this schema.',
                    content: { 'text/event-stream': { schema: jsonSchema(spec.answer, 'output') } },
                  }
                : { description: 'Success', content: { 'application/json': { schema: jsonSchema(spec.answer, 'output') } } },
        ...Object.fromEntries(
          [...errorsByStatus].map(([status, codes]) => [
            String(status),
            {
              description: codes.map((code) => `\`${code}\``).join(', '),
              content: { 'application/json': { schema: errorSchema(codes, jsonSchema(apiErrorBodySchema, 'output')) } },
              ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
            },
          ]),
        ),
      },
    };
    (paths[openApiPath(spec.path)] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Meridian API', version: '1', description: 'The reference server of Meridian. See docs/api.md.' },
    servers: [{ url: '/api' }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access token in `Authorization: Bearer <token>`, as the sign-in answers give it (`accessToken`). The API never authenticates by cookie; the app reads the token from its `auth_token` cookie to send it.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Markdown

function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 h' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

function table(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ');
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(escape).join(' | ')} |`).join('\n');
}

/** A short type description of a JSON Schema: `string ≤ 254`, `"en" \| "ar" …`, `Me`, `string \| null`. */
function describeType(schema: Json): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1)!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(describeType).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.length > 10 ? `one of ${schema.enum.length} values` : schema.enum.map((v) => JSON.stringify(v)).join(', ');
  if (schema.type === 'array') return `array of ${describeType(schema.items as Json)}`;
  const rules = [
    schema.format && `${schema.format as string}`,
    schema.minLength !== undefined && schema.minLength === schema.maxLength ? `exactly ${schema.minLength as number}` : '',
    schema.minLength !== undefined && schema.minLength !== schema.maxLength && `≥ ${schema.minLength as number}`,
    schema.maxLength !== undefined && schema.minLength !== schema.maxLength && `≤ ${schema.maxLength as number}`,
    // A format says it better than the long pattern zod adds to it.
    !schema.format && schema.pattern && `\`${schema.pattern as string}\``,
    ...((schema.allOf as Json[] | undefined) ?? []).map((part) => part.pattern && `\`${part.pattern as string}\``),
  ].filter(Boolean);
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : ((schema.type as string | undefined) ?? 'any');
  return `${type}${rules.length ? ` (${rules.join(', ')})` : ''}`;
}

function fieldsTable(schema: Json, components: Record<string, Json>): string {
  const resolved = typeof schema.$ref === 'string' ? components[schema.$ref.split('/').at(-1)!]! : schema;
  const properties = (resolved.properties ?? {}) as Record<string, Json>;
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  if (Object.keys(properties).length === 0) return '_No fields._';
  const described = Object.values(properties).some((property) => property.description);
  return table(
    ['field', 'type', 'required', ...(described ? ['meaning'] : [])],
    Object.entries(properties).map(([name, property]) => [
      `\`${name}\``,
      describeType(property),
      required.has(name) ? 'yes' : 'no',
      ...(described ? [(property.description as string | undefined) ?? ''] : []),
    ]),
  );
}

function endpointSection(operationId: string, spec: AnySpec, openApi: Json): string {
  const operation = (openApi.paths as Record<string, Record<string, Json>>)[openApiPath(spec.path)]![spec.method.toLowerCase()]!;
  const success = String(spec.status ?? 200);
  const answerSchema = ((operation.responses as Json)[success] as { content?: Record<string, { schema: Json }> }).content?.[
    spec.eventStream ? 'text/event-stream' : 'application/json'
  ]?.schema;
  const requestSchema = (operation.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content[bodyType(spec)]
    ?.schema;
  const auth = { none: 'none', optional: 'optional bearer token', bearer: 'bearer token' }[spec.auth];
  const parts = [
    `### \`${spec.method} ${openApiPath(spec.path)}\` — ${operationId}`,
    spec.summary + (spec.demoOnly ? ' **Demo mode only.**' : ''),
    `Auth: ${auth}${spec.requires?.length ? `; the customer needs: ${spec.requires.map((rule) => RULE_WORDS[rule]).join(', ')}` : ''}. Success: ${success}.${spec.idempotent ? ' Requires `Idempotency-Key`.' : ''}${spec.sameOrigin ? " Only JSON whose `Origin` is the app's own (no body: `Content-Type: application/json` all the same)." : ''}`,
  ];
  const components = (openApi.components as { schemas: Record<string, Json> }).schemas;
  const query = (operation.parameters as Json[] | undefined)?.filter((parameter) => parameter.in === 'query') ?? [];
  if (query.length) {
    const described = query.some((p) => (p.schema as Json).description);
    parts.push(
      'Query:',
      table(
        ['parameter', 'type', 'required', ...(described ? ['meaning'] : [])],
        query.map((p) => [
          `\`${p.name as string}\``,
          describeType(p.schema as Json),
          p.required ? 'yes' : 'no',
          ...(described ? [((p.schema as Json).description as string | undefined) ?? ''] : []),
        ]),
      ),
    );
  }
  if (requestSchema)
    parts.push(spec.form ? 'Body (`application/x-www-form-urlencoded`):' : 'Body:', fieldsTable(requestSchema, components));
  parts.push(
    'Answer:',
    spec.download
      ? `A file to save, one of ${spec.download.map((type) => `\`${type}\``).join(', ')}, with \`Content-Disposition: attachment; filename=…\`.`
      : answerSchema
        ? (spec.eventStream ? 'Server-Sent Events (`text/event-stream`), each event’s `data` a JSON object:\n\n' : '') +
          fieldsTable(answerSchema, components)
        : 'A redirect (`Location`), no body.',
  );
  parts.push(
    `Errors: ${errorCodes(spec)
      .map((code) => `\`${code}\` (${API_ERRORS[code].status})`)
      .join(', ')}.`,
  );
  return parts.join('\n\n');
}

export function renderApiDocs(): string {
  const openApi = buildOpenApi();
  const idempotent = entries.filter(([, spec]) => spec.idempotent).map(([, spec]) => `\`${spec.method} ${spec.path}\``);
  const idempotentNote = idempotent.length ? idempotent.join(', ') : 'none yet: they come with the ledger';
  const rateLimitRows = Object.values(RATE_LIMITS).map((policy) => [
    `\`${policy.bucket}\``,
    String(policy.limit),
    duration(policy.windowSeconds),
  ]);
  return `<!-- Generated by \`npm run docs:api\` from contract and the server's limits. Do not edit by hand. -->

# Meridian API

All endpoints live under \`/api\` on the app's own origin. Bodies and answers are JSON
(\`Content-Type: application/json\`; a body in another type is refused with 415, one over
${BODY_LIMIT_BYTES / 1024} KiB with 413). Instants are ISO 8601 UTC strings, money and thresholds decimal strings.

- **Requests are strict.** Every body is validated against the contract's zod schema before anything
  happens: unknown fields, wrong types, over-long strings and missing fields are refused with 422
  \`validation_failed\`, naming each bad field; a refused request writes nothing. No body at all
  counts as \`{}\`.
- **Answers are open.** Answers are parsed with the contract's answer schema on the way out; clients
  must ignore fields they do not know, so fields can be added without breaking them: the document's
  answer objects allow further properties, its request objects do not.
- **The machine-readable document** is [\`openapi.json\`](openapi.json) (OpenAPI 3.1), generated with this
  page. Path parameters are written \`{id}\`; each error status lists the codes it may carry as an enum of
  \`error.code\`. \`npm test\` lints it with Redocly and checks every answer of the server tests against it.
- The same schemas (\`contract\`) validate the app's forms, e.g. the password rule
  (\`passwordSchema\`: 10–128 characters with at least one letter and one digit).

## Tokens and cookies

Signing in (\`/auth/register\`, \`/auth/login\`, the 2FA verify, passkey and Google/Apple sign-ins)
sets three cookies; the JSON answer carries the access token and the session's deadlines, **never the
refresh token**:

| cookie | holds | attributes | lifetime |
|---|---|---|---|
| \`auth_token\` | access token: HS256 JWT \`{ sub: user id, sid: session id }\`, valid ${duration(ACCESS_TOKEN_SECONDS)} | \`Path=/; SameSite=Lax\`, readable by scripts | the session's |
| \`refresh_token\` | 32 random bytes (base64url), stored only as SHA-256 | \`Path=/api/auth; SameSite=Strict; HttpOnly\` | the session's |
| \`session_info\` | no secret: \`<absolute end, epoch seconds>.<idle limit, seconds>\` | \`Path=/; SameSite=Lax\`, readable by scripts | the session's |

- All three are \`Secure\` when the public origin (\`PUBLIC_ORIGIN\`) or the request is https (or
  \`COOKIE_SECURE=1\`), and are set and cleared together.
- The app reads \`auth_token\` to send it as \`Authorization: Bearer\`; its presence is the route
  guard's "logged in". The app's "signed in" (both tokens present) reads \`session_info\` for the
  HttpOnly refresh cookie, which no script can see. The price of a readable access token — an injected
  script could read it — is answered by the strict Content-Security-Policy (scripts from our origin
  only, none inline) and its ${duration(ACCESS_TOKEN_SECONDS)} life; the refresh token is out of its reach.
- **The API authenticates by the bearer header only, never by cookie.** That makes cross-site request
  forgery pointless. The two endpoints that read the \`refresh_token\` cookie (\`/auth/refresh\`,
  \`/auth/logout\`) take no body (a \`refreshToken\` field is refused with 422), only JSON from the app's
  own \`Origin\`, and the cookie itself is \`SameSite=Strict\` and sent nowhere but \`/api/auth\`.
- The \`auth_token\` cookie outlives its JWT on purpose: it means "has a session". When the JWT has
  expired the API answers 401 and the app calls \`/auth/refresh\` once (cookie sent automatically), then
  retries; only when that fails too is the customer signed out. When \`session_info\` is there and
  \`auth_token\` is not, the app renews before deciding where a page may go.

### Session lifetime

- **Absolute**: a session ends ${duration(DEFAULT_SESSION_LIFETIME.absoluteSeconds)} after sign-in
  (\`SESSION_ABSOLUTE_HOURS\`), however active: the refresh token never outlives it, and calls and
  refreshes after it answer 401 \`session_expired\`.
- **Idle**: a session without a request the customer made for ${duration(DEFAULT_SESSION_LIFETIME.idleSeconds)}
  (\`SESSION_IDLE_MINUTES\`, at least 2) answers 401 \`session_idle\`, on every call and on
  \`/auth/refresh\`. A request counts only with the header \`X-Meridian-Activity: customer\`; the
  app's polling sends \`X-Meridian-Activity: background\`, which (like no header) counts as nothing.
  A bearer call is checked first and then counted; the app renews with \`background\` except for
  "Stay signed in" (its dialog a minute before the limit), so renewing after a polling call's 401 keeps
  no unattended session alive; the retried call counts if the customer made it. An expired access
  token of an idle or ended session answers \`session_idle\` / \`session_expired\` rather than
  \`unauthorized\`, so the app can say why the customer was signed out. The server records activity in steps of
  ${LAST_ACTIVE_RESOLUTION_SECONDS} s.
- Every request checks that the token's session (refresh-token family) is not revoked, so logout,
  password reset and theft detection end access tokens at once, not ${duration(ACCESS_TOKEN_SECONDS)} later.
- Refresh tokens rotate on every \`/auth/refresh\`. Presenting a token that was already rotated revokes the
  whole family (\`refresh_token_reused\`) — unless it was rotated less than ${REFRESH_REUSE_GRACE_SECONDS} s ago:
  that is two tabs refreshing together, answered 409 \`refresh_conflict\` (read the cookies again) with
  the session intact. Exactly one of concurrent refreshes succeeds.
- An unverified e-mail does not prevent signing in (the registration steps run signed in);
  \`GET /users/me\` reports \`emailVerified\` and the app routes to verification.
- One-time codes (e-mail verification, password reset) have 6 digits, are stored as an HMAC, expire after
  ${duration(CODE_TTL_SECONDS)}, allow ${CODE_MAX_ATTEMPTS} tries and work once; requesting a new one replaces the old.
  A password reset revokes every session and marks the e-mail verified.

## Errors

Every error answer has one shape; clients branch on \`code\`, never on \`message\` (English, for people
reading logs). \`fields\` maps each bad field (dotted path; \`body\` for the whole body) to a message.
A refused quote (\`quote_expired\`, \`quote_used\`) carries its replacement in \`quote\`: a fresh quote, as
\`POST /transfers/quotes\` answers it.

\`\`\`json
{ "error": { "code": "validation_failed", "message": "The body does not match the schema.", "fields": { "email": "Must be an e-mail address" } } }
\`\`\`

401 is reserved for "no valid session" because the app signs out on any 401; a wrong password or code
is a 400.

${table(
  ['code', 'status', 'meaning'],
  (Object.entries(API_ERRORS) as [ApiErrorCode, { status: number; description: string }][]).map(([code, { status, description }]) => [
    `\`${code}\``,
    String(status),
    description,
  ]),
)}

## Rate limits

Counted in the database, so they hold across server instances; exceeding one answers 429
\`rate_limited\` with \`Retry-After\` (seconds until the window ends). Windows are fixed. Sign-in limits
count failures only. "account" is the normalized e-mail, whether or not an account has it; "ip" is the
client address (the socket's peer, or the last \`X-Forwarded-For\` entry when \`TRUST_PROXY=1\`; IPv6 by /64).

${table(['limit', 'attempts', 'per'], rateLimitRows)}

Wrong passwords are slowed per e-mail and client address together, never per e-mail alone (that would let anyone lock a
customer out): the first ${BACKOFFS.login.freeFailures} pass at once, then each further attempt waits ${duration(BACKOFFS.login.baseSeconds)}, doubled each
time up to ${duration(BACKOFFS.login.maxSeconds)} (\`${BACKOFFS.login.bucket}\`, \`Retry-After\` the seconds left); a right password or ${duration(BACKOFFS.login.memorySeconds)} without
attempts forgets them. Passkey sign-in and password reset never look at it.

Code-sending limits apply to registration, \`/auth/verify-email/resend\`, \`/auth/forgot-password\` and the
biometric enable (when a code is needed) and disable-all requests; \`passkey:ip\` counts passkey sign-in options and answers.
Besides, a new code for the same address and purpose waits ${duration(COOLDOWNS.codeResend.seconds)} after the last one
(counted from it, not a fixed window; unknown addresses alike): the answers that send a code give
\`resendAfterSeconds\`, and asking sooner is \`rate_limited\` with \`Retry-After\` set to the seconds left.

## Idempotency

Money endpoints (${idempotentNote}) require an \`Idempotency-Key\` header (1–255 visible ASCII characters,
e.g. a UUID) and run at most once per key and customer: a repeat gets the first answer again with
\`Idempotent-Replayed: true\`; a concurrent repeat waits for the first and then gets its answer; the same key
with a different request is refused (\`idempotency_key_reused\`). Failed requests store nothing, so their
retry runs afresh. Keys are kept ${duration(IDEMPOTENCY_RETENTION_SECONDS)}.

## Endpoints

${table(
  ['operation', 'method', 'path', 'auth', 'summary'],
  entries.map(([operationId, spec]) => [operationId, spec.method, `\`${openApiPath(spec.path)}\``, spec.auth, spec.summary]),
)}

${entries.map(([operationId, spec]) => endpointSection(operationId, spec, openApi)).join('\n\n')}

## Shared schemas

${Object.entries((openApi.components as { schemas: Record<string, Json> }).schemas)
  .map(([id, schema]) =>
    [`### ${id}`, schema.description, schema.properties ? fieldsTable(schema, {}) : describeType(schema)].filter(Boolean).join('\n\n'),
  )
  .join('\n\n')}
`;
}

/** docs/openapi.json: the same document for tools (generated clients, linters, validating proxies). */
export function renderOpenApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
