import { app } from "../../../worker/app";
import { validatorTargets } from "../../../worker/lib/validate";
import { api } from "../../../worker/routes/api";

/*
 * The API's routes as the Worker itself declares them (Hono's route table), with what each one
 * validates. A route added later is fuzzed without anyone remembering to list it.
 */

export type ApiRoute = {
  method: string;
  path: string;
  params: string[];
  json: boolean;
  query: boolean;
};

/** Development-only routes (absent in production, where SANDBOX is off). */
const DEV_ONLY = /^\/api\/dev\//;
/** The OpenAPI document: a public, static description rather than an operation. */
const DOCUMENT = "/api/openapi.json";

/** What the routes declared in shared/api/ validate, keyed "METHOD /api/path/:param". */
function declaredInputs() {
  const inputs = new Map<string, { json: boolean; query: boolean }>();
  for (const definition of api.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, request } = definition.route;
    inputs.set(`${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ":$1")}`, {
      json: Boolean(request?.body?.content?.["application/json"]),
      query: Boolean(request?.query),
    });
  }
  return inputs;
}

export function apiRoutes(): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  const declared = declaredInputs();
  for (const r of app.routes) {
    if (
      r.method === "ALL" ||
      !r.path.startsWith("/api/") ||
      DEV_ONLY.test(r.path) ||
      r.path === DOCUMENT
    )
      continue;
    const key = `${r.method} ${r.path}`;
    const route = routes.get(key) ?? {
      method: r.method,
      path: r.path,
      params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      json: false,
      query: false,
    };
    const target = validatorTargets.get(r.handler);
    if (target === "json" || declared.get(key)?.json) route.json = true;
    if (target === "query" || declared.get(key)?.query) route.query = true;
    routes.set(key, route);
  }
  return [...routes.values()];
}

/** Fills a route path; a trailing `*` (e.g. /api/images/*) becomes the given rest. */
export function fillPath(path: string, values: Record<string, string>, rest = "missing"): string {
  return path
    .replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(values[name] ?? crypto.randomUUID()),
    )
    .replace(/\*$/, rest);
}

/** Bodies no route accepts: absent, not JSON, not an object, too deep, too large, wrong types. */
export const badBodies: Array<{ name: string; text: string | undefined }> = [
  { name: "no body", text: undefined },
  { name: "invalid JSON", text: '{"title": ' },
  { name: "array", text: "[]" },
  { name: "null", text: "null" },
  { name: "number", text: "42" },
  { name: "string", text: '"hello"' },
  { name: "deep JSON", text: `${"[".repeat(20_000)}${"]".repeat(20_000)}` },
  {
    name: "huge string",
    text: JSON.stringify({ title: "x".repeat(200_000), email: "x".repeat(200_000) }),
  },
  {
    name: "wrong types",
    text: JSON.stringify(
      Object.fromEntries(
        [
          "title",
          "name",
          "email",
          "password",
          "newPassword",
          "currentPassword",
          "url",
          "ids",
          "podcastIds",
          "platform",
          "role",
          "apiKey",
          "youtubeApiKey",
          "simplecastApiKey",
          "timezone",
          "token",
          "type",
          "fileIds",
          "phoneNumber",
          "dateRange",
          "frequency",
          "isActive",
        ].map((k, i) => [k, i % 2 ? { $gt: "" } : [i]]),
      ),
    ),
  },
];

/** A query no list accepts: every paging, sorting and filter key out of range or of the wrong kind. */
export const badQuery = new URLSearchParams({
  page: "-1",
  pageSize: "100000000",
  limit: "-5",
  sort: "__proto__",
  dir: "sideways",
  order: "sideways",
  from: "not-a-date",
  to: "2026-13-45",
  q: "x".repeat(5_000),
  format: "exe",
  filter: "{",
  pageToken: "x".repeat(5_000),
  organizationId: "not-a-uuid",
});
