import { SELF } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";

/*
 * Real answers checked against /api/openapi.json (generated from shared/api/). Every call made
 * through support/http.ts is checked here: its status must be one the document declares for the
 * operation, and a JSON body must match that status's schema. Paths the document does not
 * describe (pages, the sandbox) pass through unchecked.
 */

type Schema = Record<string, unknown>;
type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type OpenApi = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

let documentPromise: Promise<OpenApi> | undefined;
export const openApi = () => {
  documentPromise ??= SELF.fetch("http://localhost/api/openapi.json").then(
    (res) => res.json() as Promise<OpenApi>,
  );
  return documentPromise;
};

/** Operation templates as matchers: "/orgs/{orgId}/jobs/{jobId}" -> /^\/api\/orgs\/[^/]+\/jobs\/[^/]+$/ */
function matchers(doc: OpenApi) {
  const prefix = doc.servers?.[0]?.url ?? "";
  return Object.entries(doc.paths).map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(
      `^${(prefix + template).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`,
    ),
    // Literal paths win over templated ones (/reports/schedules over /reports/{reportId}).
    specificity: template.split("/").filter((part) => !part.startsWith("{")).length,
  }));
}

/** The documented operation answering `method path`, if any. */
export async function operationFor(method: string, path: string) {
  const doc = await openApi();
  const found = matchers(doc)
    .filter((m) => m.pattern.test(path) && m.item[method.toLowerCase()])
    .sort((a, b) => b.specificity - a.specificity)[0];
  return found ? { template: found.template, operation: found.item[method.toLowerCase()]! } : null;
}

/** Every documented operation, as "METHOD /template". */
export async function documentedOperations() {
  const doc = await openApi();
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
  );
}

const validators = new Map<Schema, Validator>();

/**
 * Checks one real answer against the document; throws naming the operation and the mismatch.
 * Answers the operation it matched ("GET /orgs/{orgId}/jobs"), or null for undocumented paths.
 */
export async function checkAnswer(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): Promise<string | null> {
  const found = await operationFor(method, path);
  if (!found) return null;
  const name = `${method.toUpperCase()} ${found.template}`;
  const responses = found.operation.responses;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  if (!declared)
    throw new Error(`${name} answered ${status}, which the OpenAPI document does not declare`);
  const schema = declared.content?.["application/json"]?.schema;
  const isJson = (contentType ?? "").startsWith("application/json");
  // Files (a report's data.json included) are described as binary, not as JSON to check.
  if (!schema || !isJson || schema.format === "binary") {
    if (declared.content && contentType) {
      const types = Object.keys(declared.content);
      if (!types.some((type) => contentType.startsWith(type.split(";")[0]!)))
        throw new Error(
          `${name} answered ${contentType}; the document declares ${types.join(", ")}`,
        );
    }
    return name;
  }
  let validator = validators.get(schema);
  if (!validator) {
    const { components } = await openApi();
    validator = new Validator({ ...schema, components } as Schema, "2020-12", false);
    validators.set(schema, validator);
  }
  const result = validator.validate(body);
  if (!result.valid)
    throw new Error(
      `${name} answered ${status} with a body that does not match the OpenAPI document: ${JSON.stringify(
        result.errors.slice(-3),
      )}\n${JSON.stringify(body).slice(0, 400)}`,
    );
  return name;
}
