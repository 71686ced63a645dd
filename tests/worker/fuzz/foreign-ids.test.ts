import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrgWithMembers } from "../support/accounts";
import { call } from "../support/http";
import { deliver } from "../support/jobs";
import { allTime, createPreview, mergeNone, orgWithPairedContent } from "../support/multichannel";
import { type ApiRoute, apiRoutes, fillPath } from "./route-table";

/*
 * Isolation checked with data, not only with a 404 (gap kind: isolation). Another organisation
 * has content of every kind; an admin of our organisation calls every id-taking route of the
 * route table, in our organisation, with the other organisation's ids in the path and in every
 * id field a body can carry. Afterwards every row the other organisation owns, and every file it
 * has in R2, is exactly as it was; no answer is a 5xx; and nothing of it shows in our lists.
 */

type Foreign = Awaited<ReturnType<typeof orgWithPairedContent>>;
let foreign: Foreign;
let own: Awaited<ReturnType<typeof createOrgWithMembers>>;
let foreignIds: string[];
let before: Awaited<ReturnType<typeof ownedBy>>;

/** Every row of every table with an organization_id, and every R2 key under the organisation. */
async function ownedBy(organizationId: string) {
  const all = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const tables: Array<{ name: string }> = [];
  for (const { name } of all.results) {
    const columns = await env.DB.prepare(`PRAGMA table_info("${name.replaceAll('"', '""')}")`).all<{
      name: string;
    }>();
    if (columns.results.some((c) => c.name === "organization_id")) tables.push({ name });
  }
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    // Names come from sqlite_master, not from input; identifiers cannot be bound.
    const quoted = `"${name.replaceAll('"', '""')}"`;
    rows[name] = (
      await env.DB.prepare(`SELECT * FROM ${quoted} WHERE organization_id = ? ORDER BY rowid`)
        .bind(organizationId)
        .all()
    ).results;
  }
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `reports/${organizationId}/`, cursor });
    keys.push(...page.objects.map((o) => `${o.key} ${o.size} ${o.etag}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const organization = await env.DB.prepare("SELECT * FROM organizations WHERE id = ?")
    .bind(organizationId)
    .first();
  return { organization, rows, keys: keys.sort() };
}

/** One id of each kind of row the other organisation owns. */
function idsOf(state: Awaited<ReturnType<typeof ownedBy>>) {
  const ids = new Set<string>();
  for (const rows of Object.values(state.rows)) {
    const first = rows[0] as { id?: unknown } | undefined;
    if (typeof first?.id === "string") ids.add(first.id);
  }
  return [...ids];
}

/** A body with every id field a route may read set to `id` (unknown fields are refused or ignored). */
const bodyWith = (id: string) => ({
  ids: [id],
  selectedEntities: [id],
  selectedChannels: [id],
  selectedShows: [id],
  title: "Foreign ids",
  platform: "youtube",
  dateRange: allTime,
  mergeOptions: mergeNone,
  frequency: "daily",
  dayOfWeek: null,
  dayOfMonth: null,
  scheduledTime: "06:00",
  isPersistent: true,
  destination: { kind: "existing", persistentSheetId: id, tabName: "Data" },
  role: "standard",
});

const idRoutes = apiRoutes().filter(
  (r) =>
    r.path.startsWith("/api/orgs/:orgId") &&
    !r.path.endsWith("/socket") &&
    (r.params.length > 1 || (r.json && r.method !== "GET")),
);

async function send(route: ApiRoute, id: string) {
  const path = fillPath(
    route.path,
    Object.fromEntries([
      ["orgId", own.org.id],
      ...route.params.filter((p) => p !== "orgId").map((p) => [p, id]),
    ]),
  );
  const res = await SELF.fetch(`http://localhost${path}`, {
    method: route.method,
    headers: {
      authorization: `Bearer ${own.admin.session.accessToken}`,
      ...(route.json ? { "content-type": "application/json" } : {}),
    },
    body: route.json ? JSON.stringify(bodyWith(id)) : undefined,
    redirect: "manual",
  });
  return { status: res.status, text: await res.text(), label: `${route.method} ${route.path}` };
}

beforeAll(async () => {
  foreign = await orgWithPairedContent();
  const report = await call(`/api/orgs/${foreign.org.id}/reports`, {
    body: {
      title: "Foreign report",
      platform: "youtube",
      dateRange: allTime,
      selectedEntities: [foreign.channel.id],
    },
    token: foreign.token,
  });
  const reportId = (report.json as { report: { id: string } }).report.id;
  await deliver([{ type: "report.generate", organizationId: foreign.org.id, reportId }]);
  await call(`/api/orgs/${foreign.org.id}/reports/schedules`, {
    body: {
      title: "Foreign schedule",
      platform: "youtube",
      dateRange: allTime,
      selectedEntities: [foreign.channel.id],
      frequency: "daily",
      scheduledTime: "06:00",
      isPersistent: false,
    },
    token: foreign.token,
  });
  await createPreview(foreign.org.id, foreign.token, {
    title: "Foreign preview",
    dateRange: allTime,
    selectedChannels: [foreign.channel.id],
    selectedShows: [foreign.show.id],
    mergeOptions: mergeNone,
  });
  own = await createOrgWithMembers();
  before = await ownedBy(foreign.org.id);
  foreignIds = [...idsOf(before), foreign.admin.user.id, foreign.member.user.id];
}, 180_000);

describe("another organisation's ids on every id-taking route", () => {
  it("the other organisation has content of every kind to aim at", () => {
    for (const table of ["channels", "videos", "shows", "episodes", "reports", "report_files"])
      expect(before.rows[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(before.keys.length).toBeGreaterThan(0);
    expect(idRoutes.length).toBeGreaterThan(10);
  });

  it("no 5xx, and the other organisation's rows and files are exactly as they were", async () => {
    let calls = 0;
    for (const route of idRoutes)
      for (const id of foreignIds) {
        const answer = await send(route, id);
        expect(answer.status, `${answer.label}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        calls++;
      }
    expect(calls).toBe(idRoutes.length * foreignIds.length);
    expect(await ownedBy(foreign.org.id)).toEqual(before);
  }, 600_000);

  it("none of the other organisation's ids shows in our lists, tables, exports or reports", async () => {
    const token = own.admin.session.accessToken;
    const base = `/api/orgs/${own.org.id}`;
    const reads = [
      "channels",
      "shows",
      "jobs",
      "tables/channels",
      "tables/videos",
      "tables/shows",
      "tables/episodes",
      "tables/videos/export?format=csv",
      "tables/videos/export?format=json",
      "tables/episodes/export?format=json",
      "reports?platform=youtube",
      "reports?platform=simplecast",
      "multi-channel",
      "members",
      "audit",
    ];
    const strangers = [...new Set([...foreignIds, foreign.channel.externalId])];
    for (const path of reads) {
      const r = await call(`${base}/${path}`, { token });
      expect(r.status, path).toBe(200);
      for (const id of strangers) expect(r.text, `${path} shows ${id}`).not.toContain(id);
    }
  });
});
