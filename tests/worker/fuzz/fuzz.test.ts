import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { errorEnvelopeSchema } from "../../../shared/errors";
import { createOrgWithMembers } from "../support/accounts";
import { handle } from "../support/http";
import { addChannel, connectedOrg } from "../support/ingestion";
import { type ApiRoute, apiRoutes, badBodies, badQuery, fillPath } from "./route-table";

/*
 * Input fuzzing generated from the route table (ISSUE: proof under load and faults): every API
 * route is called without credentials, with another organisation's id, with malformed and
 * foreign ids, with bodies no route accepts and with out-of-range queries. Each answer must be a
 * refusal with the error envelope (never a 500), and D1 and R2 must be exactly as before.
 */

type Setup = Awaited<ReturnType<typeof createOrgWithMembers>>;
let own: Setup;
let foreign: Setup & { jobId: string };
let before: Awaited<ReturnType<typeof storedState>>;

/**
 * Routes that answer without a session by design (they check a link, cookie, body or WebSocket
 * ticket instead; client error reports come from crashes that can happen before signing in).
 */
const PUBLIC =
  /^\/api\/(health|client-errors$|auth\/(sign-in|sign-up|reset-request|link|confirm|refresh|sign-out|set-password)|google\/callback|images\/|orgs\/:orgId\/multi-channel\/previews\/:previewId\/socket$)/;
/** Links opened by the browser (email confirmation, Google's redirect): they refuse by redirecting into the app. */
const BROWSER_LINKS = /^\/api\/(auth\/confirm|google\/callback)/;
/** Refusals: bad input (400), no session (401), role (403), not found or not yours (404), too large (413). */
const REFUSALS = [400, 401, 403, 404, 413];

async function send(
  route: ApiRoute,
  path: string,
  opts: { token?: string; body?: string; query?: URLSearchParams } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const url = `http://localhost${path}${opts.query ? `?${opts.query}` : ""}`;
  // Straight into the Worker's fetch handler, not SELF (why: support/http.ts, `call`).
  const { res, text } = await handle(
    new Request(url, { method: route.method, headers, body: opts.body, redirect: "manual" }),
  );
  return {
    status: res.status,
    text,
    location: res.headers.get("location"),
    label: `${route.method} ${path.slice(0, 120)}${opts.query ? "?…" : ""} ${opts.body === undefined ? "" : `body ${opts.body.slice(0, 30)}`}`,
  };
}

/** A refusal with the envelope; the label names the call when it is not. */
function expectRefusal(answer: {
  status: number;
  text: string;
  label: string;
  location?: string | null;
}) {
  if (BROWSER_LINKS.test(answer.label.split(" ")[1]!)) {
    // The app's own page shows the failure; never a redirect to another site.
    expect(answer.status, answer.label).toBe(302);
    expect(answer.location, answer.label).toMatch(/^\/(?!\/)/);
    return;
  }
  expect(
    REFUSALS,
    `${answer.label} answered ${answer.status}: ${answer.text.slice(0, 200)}`,
  ).toContain(answer.status);
  const parsed = errorEnvelopeSchema.safeParse(JSON.parse(answer.text || "null"));
  expect(
    parsed.success,
    `${answer.label} answered without the error envelope: ${answer.text.slice(0, 200)}`,
  ).toBe(true);
}

/** Every row count of every table, and every R2 key: what "nothing changed" means. */
async function storedState() {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results) {
    // Table names come from sqlite_master, not from input; identifiers cannot be bound.
    counts[name] = (await env.DB.prepare(
      `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`,
    ).first<{ n: number }>())!.n;
  }
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { counts, keys: keys.sort() };
}

const routes = apiRoutes();
const orgRoutes = routes.filter((r) => r.path.startsWith("/api/orgs/:orgId"));

beforeAll(async () => {
  own = await createOrgWithMembers();
  const other = await connectedOrg();
  foreign = {
    ...other,
    jobId: await addChannel(
      other.org.id,
      other.member.session.accessToken,
      "https://www.youtube.com/@bench-5",
    ),
  };
  before = await storedState();
});

describe("input fuzzing over the route table", () => {
  it("finds the API's routes, including the org-scoped ones", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(orgRoutes.length).toBeGreaterThan(25);
    expect(routes.some((r) => r.json)).toBe(true);
    expect(routes.some((r) => r.query)).toBe(true);
  });

  const ownValues = (route: ApiRoute) => ({
    orgId: own.org.id,
    userId: own.member.user.id,
    table: "videos",
    type: "youtube",
    ...Object.fromEntries(
      route.params
        .filter((p) => !["orgId", "userId", "table", "type"].includes(p))
        .map((p) => [p, crypto.randomUUID()]),
    ),
  });
  // Each table is now its own set of routes (page, export, delete), so these loops send about
  // ten more routes' worth of requests; on the shared 2-core machine that passed 180 s.
  const SLOW = 360_000;

  it(
    "without a session: 401 everywhere but the public routes, which refuse the empty input",
    async () => {
      for (const route of routes) {
        if (route.path === "/api/health") continue;
        const anonymous = await send(route, fillPath(route.path, ownValues(route)));
        // Signing out is idempotent: without a session there is nothing to end (the state check still holds).
        if (route.path === "/api/auth/sign-out")
          expect(anonymous.status, anonymous.label).toBe(204);
        else expectRefusal(anonymous);
        if (!PUBLIC.test(route.path)) expect(anonymous.status, anonymous.label).toBe(401);
      }
    },
    SLOW,
  );

  it(
    "malformed and foreign ids in every parameter other than the organisation",
    async () => {
      let calls = 0;
      for (const route of routes) {
        for (const param of route.params.filter((p) => p !== "orgId")) {
          const foreignId =
            param === "userId"
              ? foreign.admin.user.id
              : param === "jobId"
                ? foreign.jobId
                : crypto.randomUUID();
          for (const value of [
            "not-a-uuid",
            "../../../etc/passwd",
            "x".repeat(3_000),
            "'; DROP TABLE users;--",
            foreignId,
          ]) {
            expectRefusal(
              await send(route, fillPath(route.path, { ...ownValues(route), [param]: value }), {
                token: own.admin.session.accessToken,
              }),
            );
            calls++;
          }
        }
      }
      expect(calls).toBeGreaterThan(30);
    },
    SLOW,
  );

  it(
    "bodies no route accepts, from a signed-in admin of the organisation",
    async () => {
      let calls = 0;
      for (const route of routes.filter((r) => r.json)) {
        for (const body of badBodies) {
          const answer = await send(route, fillPath(route.path, ownValues(route)), {
            token: own.admin.session.accessToken,
            body: body.text,
          });
          expectRefusal({ ...answer, label: `${answer.label} (${body.name})` });
          calls++;
        }
      }
      expect(calls).toBeGreaterThan(100);
    },
    SLOW,
  );

  it(
    "out-of-range paging, sorting and filters",
    async () => {
      for (const route of routes.filter((r) => r.query)) {
        expectRefusal(
          await send(route, fillPath(route.path, ownValues(route)), {
            token: own.admin.session.accessToken,
            query: badQuery,
          }),
        );
      }
    },
    SLOW,
  );

  it(
    "another organisation's id, or no id at all, is 404 on every org-scoped route",
    async () => {
      for (const route of orgRoutes) {
        for (const orgId of [
          foreign.org.id,
          "not-a-uuid",
          crypto.randomUUID(),
          "x".repeat(3_000),
        ]) {
          const answer = await send(route, fillPath(route.path, { ...ownValues(route), orgId }), {
            token: own.admin.session.accessToken,
            body: route.json ? "{}" : undefined,
          });
          expectRefusal(answer);
          expect(answer.status, answer.label).toBe(404);
        }
      }
    },
    SLOW,
  );

  it("left D1 and R2 exactly as they were", async () => {
    expect(await storedState()).toEqual(before);
  });
});
