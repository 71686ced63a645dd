import { z } from "zod";
import { type FieldMask, parseFieldMask } from "../../../worker/sandbox/fields";
import type { Exchange } from "../../../worker/sandbox/traffic";

/*
 * Checks one HTTP exchange against a Google discovery document: the method (httpMethod and path
 * template), every query parameter (known to the method or global, its type, enum and bounds,
 * required ones present), the request body against the method's request schema, and the answer
 * against its response schema with the document's real types (int64 as a string, int32 as a
 * number, nothing the schema does not name), or against Google's error envelope. A `fields`
 * parameter means a partial response: the answer may hold only fields the mask names.
 */

type Json = Record<string, unknown>;
export type DiscoverySchema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  items?: DiscoverySchema;
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
};
type Parameter = DiscoverySchema & {
  location: "query" | "path";
  required?: boolean;
  repeated?: boolean;
  minimum?: string;
  maximum?: string;
};
export type DiscoveryMethod = {
  id: string;
  httpMethod: string;
  path: string;
  parameters?: Record<string, Parameter>;
  request?: { $ref: string };
  response?: { $ref: string };
  /** The method also serves the raw bytes of a resource when asked with alt=media. */
  supportsMediaDownload?: boolean;
};
export type DiscoveryDoc = {
  name: string;
  rootUrl: string;
  servicePath: string;
  parameters: Record<string, Parameter>;
  schemas: Record<string, DiscoverySchema>;
  resources: Record<string, { methods?: Record<string, DiscoveryMethod>; resources?: unknown }>;
};

/** Every method of a document, found through nested resources. */
export function allMethods(doc: DiscoveryDoc): DiscoveryMethod[] {
  const out: DiscoveryMethod[] = [];
  const walk = (resources: DiscoveryDoc["resources"] | undefined) => {
    for (const resource of Object.values(resources ?? {})) {
      out.push(...Object.values(resource.methods ?? {}));
      walk(resource.resources as DiscoveryDoc["resources"] | undefined);
    }
  };
  walk(doc.resources);
  return out;
}

/**
 * Where a document's methods are served: its rootUrl, and Google's shared legacy host, which
 * serves every Google API (YouTube's clients default to www.googleapis.com/youtube/v3).
 */
const roots = (doc: DiscoveryDoc) => [doc.rootUrl, "https://www.googleapis.com/"];

const templateRegex = (root: string, doc: DiscoveryDoc, method: DiscoveryMethod) => {
  const names: string[] = [];
  const escaped = `${root}${doc.servicePath}${method.path}`
    .split(/(\{\+?[A-Za-z0-9_]+\})/)
    .map((part) => {
      const m = /^\{(\+?)([A-Za-z0-9_]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(m[2]!);
      return m[1] ? "(.+)" : "([^/]+?)";
    })
    .join("");
  return { regex: new RegExp(`^${escaped}$`), names };
};

/** The method an exchange calls, with its path parameters, or null when the document has none. */
export function matchMethod(doc: DiscoveryDoc, httpMethod: string, url: URL) {
  const address = `${url.origin}${url.pathname}`;
  for (const method of allMethods(doc)) {
    if (method.httpMethod !== httpMethod) continue;
    for (const root of roots(doc)) {
      const { regex, names } = templateRegex(root, doc, method);
      const m = regex.exec(address);
      if (m)
        return {
          method,
          pathParams: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])),
        };
    }
  }
  return null;
}

const cache = new WeakMap<DiscoveryDoc, Map<string, z.ZodType>>();

/** A discovery schema as a strict zod schema (unknown keys fail; every property optional). */
export function schemaFor(doc: DiscoveryDoc, schema: DiscoverySchema): z.ZodType {
  if (schema.$ref) {
    const byRef = cache.get(doc) ?? new Map<string, z.ZodType>();
    cache.set(doc, byRef);
    const ref = schema.$ref;
    const known = byRef.get(ref);
    if (known) return known;
    const target = doc.schemas[ref];
    if (!target) throw new Error(`${doc.name}: no schema ${ref}`);
    const lazy = z.lazy(() => built);
    byRef.set(ref, lazy);
    const built = schemaFor(doc, target);
    return lazy;
  }
  switch (schema.type) {
    case "string":
      if (schema.enum) return z.enum(schema.enum as [string, ...string[]]);
      if (schema.format === "int64" || schema.format === "uint64")
        return z.string().regex(/^-?\d+$/, "an int64 travels as a string of digits");
      if (schema.format === "date-time")
        return z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not an RFC 3339 date-time");
      return z.string();
    case "integer":
      return z.number().int();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "any":
      return z.unknown();
    case "array":
      return z.array(schema.items ? schemaFor(doc, schema.items) : z.unknown());
    case "object": {
      if (schema.additionalProperties && !schema.properties)
        return z.record(z.string(), schemaFor(doc, schema.additionalProperties));
      const shape: Record<string, z.ZodType> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        shape[key] = schemaFor(doc, value).optional();
      return z.strictObject(shape);
    }
    default:
      return z.unknown();
  }
}

/** Google's error envelope (the same for every Google JSON API). */
export const googleErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.number().int(),
    message: z.string(),
    status: z.string().optional(),
    errors: z
      .array(
        z.strictObject({
          message: z.string().optional(),
          domain: z.string().optional(),
          reason: z.string(),
          location: z.string().optional(),
          locationType: z.string().optional(),
          extendedHelp: z.string().optional(),
        }),
      )
      .optional(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

function checkParameter(name: string, p: Parameter, values: string[]): string[] {
  const problems: string[] = [];
  if (values.length > 1 && !p.repeated) problems.push(`${name} is not repeatable`);
  for (const value of values) {
    if (p.enum && !(p.repeated ? value.split(",") : [value]).every((v) => p.enum!.includes(v)))
      problems.push(`${name}=${value} is not one of ${p.enum.join(", ")}`);
    if (p.type === "integer") {
      if (!/^-?\d+$/.test(value)) problems.push(`${name}=${value} is not an integer`);
      else if (p.minimum !== undefined && Number(value) < Number(p.minimum))
        problems.push(`${name}=${value} is below ${p.minimum}`);
      else if (p.maximum !== undefined && Number(value) > Number(p.maximum))
        problems.push(`${name}=${value} is above ${p.maximum}`);
    }
    if (p.type === "boolean" && value !== "true" && value !== "false")
      problems.push(`${name}=${value} is not a boolean`);
  }
  return problems;
}

/** Keys of `value` that the mask does not name (a partial response must hold no others). */
export function outsideMask(value: unknown, mask: FieldMask | true, at = ""): string[] {
  if (mask === true || value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => outsideMask(v, mask, `${at}[${i}]`));
  const all = mask.get("*");
  return Object.entries(value as Json).flatMap(([key, v]) => {
    const sub = mask.get(key) ?? all;
    return sub === undefined ? [`${at}${key}`] : outsideMask(v, sub, `${at}${key}.`);
  });
}

const issues = (error: z.ZodError) =>
  error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);

/** Everything wrong with an exchange against the document, or [] when it keeps the contract. */
export function checkDiscoveryExchange(doc: DiscoveryDoc, exchange: Exchange): string[] {
  const url = new URL(exchange.url);
  const found = matchMethod(doc, exchange.method, url);
  if (!found) return [`${exchange.method} ${url.pathname} is not a method of ${doc.name}`];
  const { method } = found;
  const problems: string[] = [];
  const params = method.parameters ?? {};
  const names = new Set(url.searchParams.keys());
  for (const name of names) {
    const p = params[name] ?? doc.parameters[name];
    if (p?.location === "query")
      problems.push(...checkParameter(name, p, url.searchParams.getAll(name)));
    else problems.push(`unknown parameter ${name}`);
  }
  for (const [name, p] of Object.entries(params))
    if (p.required && p.location === "query" && !names.has(name))
      problems.push(`required parameter ${name} is missing`);
  if (method.request) {
    let body: unknown;
    try {
      body = JSON.parse(exchange.requestBody);
    } catch {
      problems.push("request body is not JSON");
    }
    const parsed = schemaFor(doc, method.request).safeParse(body);
    if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `request ${i}`));
  } else if (exchange.requestBody !== "") problems.push("this method takes no request body");

  // A media download (alt=media) answers the resource's own bytes (a CSV report), not JSON.
  if (
    method.supportsMediaDownload &&
    url.searchParams.get("alt") === "media" &&
    exchange.status < 400
  )
    return problems;
  let answer: unknown;
  try {
    answer = exchange.responseBody === "" ? undefined : JSON.parse(exchange.responseBody);
  } catch {
    return [...problems, `answer ${exchange.status} is not JSON`];
  }
  if (exchange.status >= 400) {
    const parsed = googleErrorSchema.safeParse(answer);
    if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `error answer ${i}`));
    else if (parsed.data.error.code !== exchange.status)
      problems.push(`error code ${parsed.data.error.code} differs from status ${exchange.status}`);
    return problems;
  }
  if (!method.response) {
    if (answer !== undefined) problems.push("this method answers with no body");
    return problems;
  }
  const parsed = schemaFor(doc, method.response).safeParse(answer);
  if (!parsed.success) problems.push(...issues(parsed.error).map((i) => `answer ${i}`));
  const fields = url.searchParams.get("fields");
  if (fields !== null)
    problems.push(
      ...outsideMask(answer, parseFieldMask(fields)).map((k) => `${k} is outside fields=${fields}`),
    );
  return problems;
}
