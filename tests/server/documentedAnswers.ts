import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Every JSON answer the server tests receive through `TestClient` is checked against the published
 * document (docs/openapi.json), so the document cannot drift from what the server answers: an answer
 * whose status the document does not list for that operation, or whose body its schema refuses, fails the
 * test that got it. Calls to paths outside the document (deliberate probes) are not checked.
 */
type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> };

const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
};

// ajv-formats is CommonJS: its default export arrives wrapped when imported as ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const ROOT = 'meridian-openapi';
ajv.addSchema({ $id: ROOT, components: document.components });

/** Each documented path as a pattern; literal segments first, so `/x/labels` wins over `/x/{id}`. */
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replaceAll(/\{\w+\}/g, '[^/]+')}$`),
    parameters: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.parameters - b.parameters);

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const relinked = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${ROOT}#/components/`)) as Json;
    validate = ajv.compile(relinked);
    validators.set(key, validate);
  }
  return validate;
}

/** Throws when a JSON answer to `method path` is not what the document says that operation answers. */
export function expectDocumentedAnswer(method: string, path: string, status: number, contentType: string | null, body: unknown): void {
  const pathname = path.split('?')[0]!;
  const match = templates.find(({ pattern }) => pattern.test(pathname));
  const operation = match && document.paths[match.template]![method.toLowerCase()];
  if (!match || !operation) return;
  const where = `${method} ${match.template} (${pathname})`;
  const response = operation.responses[String(status)];
  if (!response) {
    throw new Error(`${where} answered ${status}, which docs/openapi.json does not list: ${JSON.stringify(body)?.slice(0, 300)}`);
  }
  if (!contentType?.startsWith('application/json')) return;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${where} answered ${status} with JSON, which the document does not describe`);
  const validate = validatorFor(`${method} ${match.template} ${status}`, schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message}`).join('; ');
    throw new Error(`${where} ${status}: the answer does not match docs/openapi.json: ${problems}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}
