import { z } from "zod";
import type { Exchange } from "../../../worker/sandbox/traffic";

/*
 * Contracts for the calls no official machine-readable document covers, written from
 * ../shared/reference/third-party-apis.md (section numbers below) and said so in each check:
 *   - Simplecast v2 (section 2): Simplecast publishes no OpenAPI or discovery document.
 *   - Google's OAuth token endpoint (section 5 and RFC 6749/7636): not part of oauth2.v2.json.
 * Where the reference marks a field unverified, the contract accepts its absence; where it gives
 * a shape, the emulator's answer must have it.
 */

export type ReferenceContract = {
  source: string;
  matches: (exchange: Exchange, url: URL) => boolean;
  check: (exchange: Exchange, url: URL) => string[];
};

const issues = (error: z.ZodError) =>
  error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
const parse = (schema: z.ZodType, value: unknown, what: string) => {
  const r = schema.safeParse(value);
  return r.success ? [] : issues(r.error).map((i) => `${what} ${i}`);
};
const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol("not JSON");
  }
};

/** Query parameters: each name allowed, each value matching its pattern. */
function checkQuery(url: URL, allowed: Record<string, RegExp>, required: string[] = []) {
  const problems: string[] = [];
  for (const [name, value] of url.searchParams)
    if (!allowed[name]) problems.push(`unknown parameter ${name}`);
    else if (!allowed[name]!.test(value)) problems.push(`${name}=${value} is not allowed`);
  for (const name of required)
    if (!url.searchParams.has(name)) problems.push(`required parameter ${name} is missing`);
  return problems;
}

const SIMPLECAST = "https://api.simplecast.com";
const integer = /^\d+$/;
const day = /^\d{4}-\d{2}-\d{2}$/;
const link = z.object({ href: z.string().url() });
const envelope = (item: z.ZodType) =>
  z.object({
    href: z.string().url(),
    pages: z.object({
      total: z.number().int(),
      current: z.number().int(),
      limit: z.number().int(),
      previous: link.nullable(),
      next: link.nullable(),
    }),
    count: z.number().int(),
    collection: z.array(item),
  });
const podcast = z.object({
  id: z.string(),
  title: z.string(),
  href: z.string().url(),
  status: z.enum(["draft", "published"]),
  episodes: z.object({ count: z.number().int() }).optional(),
});
const episode = z.object({
  id: z.string(),
  title: z.string(),
  number: z.number().int().nullable(),
  season: z.object({ href: z.string().url(), number: z.number().int().nullable() }).nullable(),
  published_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a date"),
  status: z.enum(["draft", "scheduled", "published", "private"]),
  type: z.enum(["full", "trailer", "bonus"]),
  duration: z.number().optional(),
  href: z.string().url(),
});
/** Section 2.5 "Errors" [U]: status meanings are known, the body is not; it must be JSON text. */
const simplecastError = z.object({ error: z.string(), message: z.string() });
const scopeParams = { podcast: /.+/, episode: /.+/ };

function simplecast(
  section: string,
  path: RegExp,
  query: Record<string, RegExp>,
  answer: z.ZodType,
  required: string[] = [],
): ReferenceContract {
  return {
    source: `third-party-apis.md ${section} (Simplecast has no machine-readable document)`,
    matches: (e, url) => e.method === "GET" && url.origin === SIMPLECAST && path.test(url.pathname),
    check: (e, url) => {
      const problems = checkQuery(url, query, required);
      if (!/^Bearer \S+$/.test(e.requestHeaders.authorization ?? ""))
        problems.push("the bearer key is missing");
      if (url.pathname.startsWith("/analytics/")) {
        const scopes = ["podcast", "episode"].filter((s) => url.searchParams.has(s));
        if (scopes.length !== 1) problems.push("exactly one of podcast or episode is required");
      }
      if (e.status >= 400) {
        if (![401, 403, 404, 429].includes(e.status) && e.status < 500)
          problems.push(`status ${e.status} is not one Simplecast documents`);
        return [...problems, ...parse(simplecastError, json(e.responseBody), "error answer")];
      }
      return [...problems, ...parse(answer, json(e.responseBody), "answer")];
    },
  };
}

const page = { limit: integer, offset: integer };

export const simplecastContracts: Record<string, ReferenceContract> = {
  "simplecast.podcasts.list": simplecast(
    "2.1",
    /^\/podcasts$/,
    {
      ...page,
      search: /.*/,
      status: /^(draft|published)$/,
      type: /^(serial|episodic|episodic_seasons)$/,
    },
    envelope(podcast),
  ),
  "simplecast.podcasts.get": simplecast("2.2", /^\/podcasts\/[^/]+$/, {}, podcast),
  "simplecast.episodes.list": simplecast(
    "2.3",
    /^\/podcasts\/[^/]+\/episodes$/,
    {
      ...page,
      sort: /^(title|number|custom_url|published_at|created_at|updated_at)(_asc|_desc)?$/,
      status: /^(draft|scheduled|published|private)$/,
    },
    envelope(episode),
  ),
  "simplecast.analytics.downloads": simplecast(
    "2.5 /analytics/downloads",
    /^\/analytics\/downloads$/,
    {
      ...scopeParams,
      interval: /^(day|week|month)$/,
      start_date: day,
      end_date: day,
      sort: /^(asc|desc)$/,
    },
    z.object({
      href: z.string().url(),
      total: z.number().int(),
      interval: z.enum(["day", "week", "month"]),
      by_interval: z.array(
        z.object({
          interval: z.string().regex(day),
          downloads_total: z.number().int(),
          downloads_percent: z.number(),
        }),
      ),
    }),
  ),
  "simplecast.analytics.listeners": simplecast(
    "2.5 unique listeners",
    /^\/analytics\/listeners$/,
    { ...scopeParams, interval: /^(day|week|month)$/, start_date: day, end_date: day },
    z
      .object({
        total: z.number().int().optional(),
        listeners_total: z.number().int().optional(),
        by_interval: z.array(z.object({ interval: z.string(), total: z.number().int() })),
      })
      .refine((a) => a.total !== undefined || a.listeners_total !== undefined, "no total"),
  ),
};

const tokenAnswer = z.strictObject({
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string(),
  token_type: z.literal("Bearer"),
  id_token: z.string().optional(),
});
const tokenError = z.strictObject({
  error: z.enum([
    "invalid_request",
    "invalid_client",
    "invalid_grant",
    "unauthorized_client",
    "unsupported_grant_type",
    "invalid_scope",
    // Google's own, beyond RFC 6749: the deployment's OAuth client was deleted (answered 401).
    "deleted_client",
  ]),
  error_description: z.string().optional(),
});

/** The token endpoint: form body per RFC 6749 4.1.3/6 with PKCE (RFC 7636), client in Basic. */
export const oauthTokenContract: ReferenceContract = {
  source: "third-party-apis.md section 5 with RFC 6749 and RFC 7636 (not in oauth2.v2.json)",
  matches: (e, url) => e.method === "POST" && url.href === "https://oauth2.googleapis.com/token",
  check: (e) => {
    const problems: string[] = [];
    if (!/^application\/x-www-form-urlencoded/.test(e.requestHeaders["content-type"] ?? ""))
      problems.push("the body must be form-encoded");
    if (!/^Basic \S+$/.test(e.requestHeaders.authorization ?? ""))
      problems.push("client authentication (HTTP Basic) is missing");
    const form = new URLSearchParams(e.requestBody);
    const grant = form.get("grant_type");
    const needs =
      grant === "authorization_code"
        ? ["code", "redirect_uri", "code_verifier"]
        : grant === "refresh_token"
          ? ["refresh_token"]
          : null;
    if (!needs) problems.push(`grant_type ${grant} is not one we may send`);
    for (const name of needs ?? []) if (!form.get(name)) problems.push(`${name} is missing`);
    const body = json(e.responseBody);
    return [
      ...problems,
      // An outage (5xx) answers whatever Google's front end sends, often an HTML page.
      ...(e.status >= 500
        ? []
        : e.status >= 400
          ? parse(tokenError, body, "error answer")
          : parse(tokenAnswer, body, "answer")),
    ];
  },
};
