import { z } from "zod";
import type { Exchange } from "../../../worker/sandbox/traffic";

/*
 * Checks an exchange against an OpenAPI 3 document (Resend's): the operation (server URL, path,
 * method), its documented header parameters (Idempotency-Key's maxLength), the JSON request body
 * and the documented answer, with `required` honoured and no
 * property the schema does not name. The document lists no error answers, so those are checked
 * against the shape in ../shared/reference/third-party-apis.md section 4 ({statusCode, message,
 * name}), as Resend's own SDKs read it.
 */

type OpenApiSchema = {
  $ref?: string;
  type?: string;
  enum?: string[];
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  minItems?: number;
  maxItems?: number;
};
type Parameter = {
  in: string;
  name: string;
  required?: boolean;
  schema?: { type?: string; maxLength?: number };
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
  responses: Record<string, { content?: Record<string, { schema: OpenApiSchema }> }>;
};
export type OpenApiDoc = {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, OpenApiSchema> };
};

export const resendErrorSchema = z.strictObject({
  statusCode: z.number().int(),
  name: z.string(),
  message: z.string(),
});

export function schemaOf(doc: OpenApiDoc, schema: OpenApiSchema): z.ZodType {
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`no schema ${name}`);
    return z.lazy(() => schemaOf(doc, target));
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives)
    return z.union(alternatives.map((s) => schemaOf(doc, s)) as [z.ZodType, z.ZodType]);
  if (schema.allOf) {
    // Parts without a type only describe; the typed part is the schema.
    const typed = schema.allOf.filter((s) => s.$ref || s.type || s.properties);
    return typed.length === 1 ? schemaOf(doc, typed[0]!) : z.unknown();
  }
  switch (schema.type) {
    case "string":
      return schema.enum ? z.enum(schema.enum as [string, ...string[]]) : z.string();
    case "integer":
      return z.number().int();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "array": {
      let array = z.array(schema.items ? schemaOf(doc, schema.items) : z.unknown());
      if (schema.minItems !== undefined) array = array.min(schema.minItems);
      if (schema.maxItems !== undefined) array = array.max(schema.maxItems);
      return array;
    }
    case "object": {
      if (!schema.properties) return z.record(z.string(), z.unknown());
      const required = new Set(schema.required ?? []);
      const shape: Record<string, z.ZodType> = {};
      for (const [key, value] of Object.entries(schema.properties)) {
        const field = schemaOf(doc, value);
        shape[key] = required.has(key) ? field : field.optional();
      }
      return z.strictObject(shape);
    }
    default:
      return z.unknown();
  }
}

const issues = (error: z.ZodError) =>
  error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);

export function checkOpenApiExchange(doc: OpenApiDoc, exchange: Exchange): string[] {
  const url = new URL(exchange.url);
  const server = doc.servers.find((s) => exchange.url.startsWith(s.url));
  const operation = server ? doc.paths[url.pathname]?.[exchange.method.toLowerCase()] : undefined;
  if (!operation) return [`${exchange.method} ${url.pathname} is not an operation of the document`];
  const problems: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== "header") continue;
    const value = exchange.requestHeaders[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) problems.push(`header ${parameter.name}: missing`);
      continue;
    }
    const max = parameter.schema?.maxLength;
    if (max !== undefined && value.length > max)
      problems.push(`header ${parameter.name}: longer than ${max} characters`);
  }
  const requestSchema = operation.requestBody?.content["application/json"]?.schema;
  if (requestSchema) {
    const parsed = schemaOf(doc, requestSchema).safeParse(
      JSON.parse(exchange.requestBody || "null"),
    );
    if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `request ${i}`));
  }
  const answer: unknown = JSON.parse(exchange.responseBody || "null");
  if (exchange.status >= 400) {
    const parsed = resendErrorSchema.safeParse(answer);
    if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `error answer ${i}`));
    return problems;
  }
  const responseSchema =
    operation.responses[String(exchange.status)]?.content?.["application/json"]?.schema;
  if (!responseSchema) return [...problems, `status ${exchange.status} is not a documented answer`];
  const parsed = schemaOf(doc, responseSchema).safeParse(answer);
  if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `answer ${i}`));
  return problems;
}
